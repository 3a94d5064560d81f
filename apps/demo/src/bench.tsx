import '@ics/service-switcher/design-system.css';
import '@ics/service-switcher/switcher.css';
import type { ProductsWithLicenses, UserSession } from '@ics/platform-client';
import { ServiceSwitcher, type SwitcherClient } from '@ics/service-switcher';
import { createRoot } from 'react-dom/client';

/**
 * The render bench of bench/switcher: `?n=5000&view=all` renders the switcher with n
 * synthetic products (10 groups, a third of them locked) from an in-memory client, and
 * publishes the milliseconds from render to cards painted as `window.benchResult`.
 */
const params = new URLSearchParams(location.search);
const n = Math.max(1, Math.min(20_000, Number(params.get('n') ?? 50) || 50));
const view = params.get('view') === 'all' ? 'all' : 'user';
const groups = 10;

function catalogue(): ProductsWithLicenses {
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
        // One cached icon for all: the bench measures the widget, not image decoding.
        iconUrl: '/shell-service/assets/icons/cdi.svg',
        indexPageUrl: `/apps/product-${id}/`,
        learnMorePageUrl: `/docs/product-${id}/`,
        needLicense: id % 2 === 0,
      })),
  }));
  const user = all.map((group) => ({
    ...group,
    products: group.products.filter((p) => Number(p.uniqueName.slice(8)) % 3 !== 0),
  }));
  return { licensedProducts: [], userProducts: user, allProducts: all };
}

const client: SwitcherClient = {
  shell: { getProductsWithLicenses: async () => catalogue() },
  session: { getUser: async () => ({ id: 'bench' }) as UserSession },
  preferences: {
    forUser: () => {
      throw new Error('The render bench does not change preferences.');
    },
  },
  logout: async () => {},
};

declare global {
  interface Window {
    benchResult?: { n: number; view: string; cards: number; ms: number };
  }
}

const root = document.getElementById('root');
if (root) {
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const cards = root.querySelectorAll('.ics-card').length;
    if (cards === 0) return;
    observer.disconnect();
    // Painted: the frame after the commit that inserted the cards.
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.benchResult = { n, view, cards, ms: performance.now() - start };
      }, 0),
    );
  });
  observer.observe(root, { childList: true, subtree: true });
  createRoot(root).render(
    <ServiceSwitcher
      client={client}
      locale="en"
      defaultView={view}
      logger={console}
      recentServices={false}
    />,
  );
}
