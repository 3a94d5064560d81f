import '@ics/service-switcher/design-system.css';
import '@ics/service-switcher/switcher.css';
import type { ProductsWithLicenses, UserSession } from '@ics/platform-client';
import type { SwitcherClient } from '@ics/service-switcher';
import { Switcher, SwitcherDivider, SwitcherItem } from 'bench-peer';
import { createRoot } from 'react-dom/client';
import { countTag, drawMarkup, parseMarkup } from './benchMarkup.ts';
import { BENCH_MARKUP_KEY, BENCH_RESULT_LABEL } from './benchResult.ts';

/**
 * The render bench of bench/switcher: `?n=2000&widget=switcher|baseline|markup|carbon` renders,
 * from an in-memory client, either the switcher's All Services view with n synthetic products
 * (10 groups, half needing a licence, a third locked), or the baseline, a bare React list of
 * n `<li><a>` with the same data, or the markup of the switcher's first screen drawn by React
 * alone (kept in local storage by an earlier switcher render with `&markup=keep`), or the peer:
 * Carbon's UI-shell switcher (`@carbon/react`, with Carbon's stylesheet) drawing the same
 * products as its items, a divider between groups (issue 36). It publishes
 * the milliseconds from render to the frame after the cards were inserted as `window.benchResult`
 * and on the console, and for the switcher `window.benchKeys(keys, times)` measures key presses
 * (the keys in turn): handler, re-render and layout.
 */
const params = new URLSearchParams(location.search);
const n = Math.max(1, Math.min(20_000, Number(params.get('n') ?? 50) || 50));
/**
 * The cold page (issue 54), in a fresh browser context per run: the switcher's module evaluated
 * at page load, `root.render()` 150 ms after the load event (its chunks fetched by then), the
 * switcher with its default props (the user's view, recently used services on, the browser's
 * language) and a default service set, from a client whose answers are resolved promises made
 * at load; Carbon given the items synchronously, as its users pass them. The page touches no
 * storage before the render, as a fresh page's host would not.
 */
const cold = params.get('cold') === '1';
/** The cold page's render: this long after the load event. */
const COLD_RENDER_AFTER_LOAD_MS = 150;
const view = params.get('view') === 'user' ? 'user' : 'all';
const widgetParam = params.get('widget');
const widget =
  widgetParam === 'baseline' || widgetParam === 'markup' || widgetParam === 'carbon'
    ? widgetParam
    : 'switcher';
// Carbon's stylesheet only on its own page: the other widgets are not matched against it.
if (widget === 'carbon') await import('bench-peer/styles.css');
// The switcher only on its own page, evaluated before the clock starts: its entry asks for the
// cards' code when evaluated (decision 1167), which the other widgets' pages must not load
// while they are measured.
const { ServiceSwitcher } = widget === 'switcher' ? await import('@ics/service-switcher') : {};
const keepMarkup = widget === 'switcher' && params.get('markup') === 'keep';
const groups = 10;

function catalogue() {
  const all = Array.from({ length: groups }, (_, g) => ({
    uniqueName: `group-${g}`,
    productRegistryItemType: 'productGroup' as const,
    label: `Group ${g}`,
    products: Array.from({ length: Math.ceil(n / groups) }, (_, i) => g * Math.ceil(n / groups) + i)
      .filter((id) => id < n)
      .map((id) => ({
        uniqueName: `product-${id}`,
        label: `Product ${String(id).padStart(5, '0')}`,
        description: `Synthetic product ${id}`,
        // One cached icon for all: the bench measures the widget, not image decoding. The cold
        // page's fresh context has no session: its icon is the page's own.
        iconUrl: cold ? '/icon.svg' : '/shell-service/assets/icons/cdi.svg',
        indexPageUrl: `/apps/product-${id}/`,
        learnMorePageUrl: `/docs/product-${id}/`,
        needLicense: id % 2 === 0,
      })),
  }));
  const user = all.map((group) => ({
    ...group,
    products: group.products.filter((p) => Number(p.uniqueName.slice(8)) % 3 !== 0),
  }));
  // The cold page shows the user's view (the default): there the user has all n products.
  if (cold)
    return {
      licensedProducts: [],
      userProducts: all,
      allProducts: all,
      preferredProduct: { uniqueName: 'product-1' },
    };
  return { licensedProducts: [], userProducts: user, allProducts: all };
}

/** The cold page's answers, resolved when the page loads. */
const answered = cold ? Promise.resolve(catalogue()) : undefined;
const user = Promise.resolve({ id: 'bench', orgId: 'bench-org' } as UserSession);
const noPreferences = Promise.resolve([]);

const client: SwitcherClient = {
  shell: {
    getProductsWithLicenses: async (): Promise<ProductsWithLicenses> =>
      answered ? ((await answered) as ProductsWithLicenses) : catalogue(),
  },
  session: { getUser: () => user },
  preferences: {
    // The cold page's recently used services: read, none kept. No page writes one.
    forUser: () =>
      ({
        list: () => noPreferences,
      }) as unknown as ReturnType<SwitcherClient['preferences']['forUser']>,
  },
  logout: async () => {},
};

/** The baseline: the same data, fetched the same way, as a bare list of links. */
function Baseline({ data }: { data: ReturnType<typeof catalogue> }) {
  return (
    <ul>
      {data.allProducts.flatMap((group) =>
        group.products.map((p) => (
          <li key={p.uniqueName}>
            <a href={p.indexPageUrl}>{p.label}</a>
          </li>
        )),
      )}
    </ul>
  );
}

/** The peer: Carbon's switcher with the same data, fetched the same way, one item per product. */
function Carbon({ data }: { data: ReturnType<typeof catalogue> }) {
  return (
    <Switcher aria-label="Services" expanded>
      {data.allProducts.flatMap((group, g) => [
        ...(g > 0 ? [<SwitcherDivider key={`divider-${group.uniqueName}`} />] : []),
        ...group.products.map((p) => (
          <SwitcherItem key={p.uniqueName} href={p.indexPageUrl} aria-label={p.label}>
            {p.label}
          </SwitcherItem>
        )),
      ])}
    </Switcher>
  );
}

/** Milliseconds of one key press on the focused card: handler, React's commit and layout. */
async function pressKey(key: string): Promise<number> {
  const target = document.activeElement ?? document.body;
  const start = performance.now();
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  await Promise.resolve();
  // Reading a layout property forces the layout the key caused.
  void (document.activeElement as HTMLElement | null)?.getBoundingClientRect();
  return performance.now() - start;
}

window.benchKeys = async (keys, times) => {
  document.querySelector<HTMLElement>('.ics-card__link')?.focus();
  const costs: number[] = [];
  for (let i = 0; i < times; i++) {
    costs.push(await pressKey(keys[i % keys.length] ?? 'ArrowRight'));
    // One press per frame, as a user's key repeat would be.
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return costs;
};

/** Elements of the richest usable card: the card and everything inside it. */
const elementsPerTile = (root: HTMLElement) =>
  Math.max(
    0,
    ...[...root.querySelectorAll('.ics-card:not([data-variant]), .ics-card[data-variant="none"]')]
      .slice(0, 50)
      .map((card) => card.querySelectorAll('*').length + 1),
  );

// Every run is a cold render: no product answer or bundles kept by an earlier run (the cold
// page's fresh context has none, and its storage is first touched by the switcher).
if (!cold) sessionStorage.clear();
// The cold page renders 150 ms after its load event.
if (cold)
  await new Promise<void>((loaded) => {
    const later = () => setTimeout(loaded, COLD_RENDER_AFTER_LOAD_MS);
    if (document.readyState === 'complete') later();
    else addEventListener('load', later, { once: true });
  });
const root = document.getElementById('root');
if (root) {
  // Parsed and counted before the clock starts: the markup, and every card of the view (the
  // baseline lists all products; the markup has the cards of the switcher's first screen).
  const markup =
    widget === 'markup' ? parseMarkup(localStorage.getItem(BENCH_MARKUP_KEY) ?? '') : [];
  // The markup's page builds no catalogue: its time does not depend on n.
  const counted = widget === 'markup' ? undefined : catalogue();
  const expected = counted
    ? (widget === 'switcher' && view === 'user' ? counted.userProducts : counted.allProducts)
        .map((group) => group.products.length)
        .reduce((a, b) => a + b, 0)
    : countTag(markup, 'li');
  // Marks for a trace of the page (`bench-start`, `bench-inserted-<n>`, `bench-painted-<n>`).
  performance.mark('bench-start');
  const start = performance.now();
  // Cards are list items in all three (the switcher's loading state has none).
  const cards = () => root.querySelectorAll('li').length;
  /**
   * Milliseconds to the frame painted after the page had at least `least` cards, checked on
   * every change, and the cards in the page then.
   */
  const painted = (least: number) =>
    new Promise<{ ms: number; cards: number }>((resolve) => {
      const observer = new MutationObserver(() => {
        const inserted = cards();
        if (inserted < least) return;
        performance.mark(`bench-inserted-${least}`);
        observer.disconnect();
        // Painted: the frame after the commit that inserted the cards.
        requestAnimationFrame(() =>
          setTimeout(() => {
            performance.mark(`bench-painted-${least}`);
            resolve({ ms: performance.now() - start, cards: inserted });
          }, 0),
        );
      });
      observer.observe(root, { childList: true, subtree: true });
    });
  const first = painted(1).then((result) => {
    // Before the switcher draws the rest (a task after the frame, then a transition).
    if (keepMarkup) localStorage.setItem(BENCH_MARKUP_KEY, root.innerHTML);
    return result;
  });
  void Promise.all([first, painted(expected)]).then(([firstPainted, allPainted]) => {
    window.benchResult = {
      n,
      widget,
      cards: cards(),
      firstCards: firstPainted.cards,
      ms: firstPainted.ms,
      allMs: allPainted.ms,
      elements: elementsPerTile(root),
    };
    console.info(BENCH_RESULT_LABEL, JSON.stringify(window.benchResult));
  });
  const app = createRoot(root);
  if (widget === 'baseline')
    // The same data, arriving the same way (a resolved promise), then one render.
    void Promise.resolve(catalogue()).then((data) => app.render(<Baseline data={data} />));
  else if (widget === 'carbon' && cold) app.render(<Carbon data={counted ?? catalogue()} />);
  else if (widget === 'carbon')
    void Promise.resolve(catalogue()).then((data) => app.render(<Carbon data={data} />));
  else if (widget === 'markup')
    // Arriving the same way, then one render of the first screen's elements.
    void Promise.resolve(markup).then((nodes) => app.render(drawMarkup(nodes)));
  else if (ServiceSwitcher && cold) app.render(<ServiceSwitcher client={client} />);
  else if (ServiceSwitcher)
    app.render(
      <ServiceSwitcher
        client={client}
        locale="en"
        defaultView={view}
        logger={console}
        recentServices={false}
      />,
    );
}
