import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import type { RecentServices } from '../data/recentServices.ts';
import { forgetCachedAnswer } from '../data/sessionStore.ts';
import { useDefaultService } from '../data/useDefaultService.ts';
import { format, plural, type Messages } from '../i18n/messages.ts';
import { cardModels } from '../model/cards.ts';
import type { Locale } from '../model/language.ts';
import { firstCards, flatten, sortGroups } from '../model/ordering.ts';
import type { Product, ProductData } from '../model/products.ts';
import { CardGrid } from './CardGrid.tsx';
import { cardGridEvents } from './cardGridEvents.ts';
import { gridLayout } from './gridNavigation.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { openUrl } from './navigation.ts';
import { RovingTabStop } from './rovingTabStop.ts';
import { SearchField } from './SearchField.tsx';
import type { SwitcherView } from './ServiceSwitcher.tsx';
import type { Direction } from './useDirection.ts';
import { useServiceSearch } from './useServiceSearch.ts';

/**
 * The products whose missing image each logger was told about: once per product per page
 * load, however often the grid renders, reopens or shows the card (My Services, All Services,
 * Recently used).
 */
const reportedImages = new WeakMap<SwitcherLogger, Set<string>>();

/**
 * Cards drawn in the first render of an answer: as many as the window can show (three to a row,
 * a row at least 120 px tall), and a row more. The rest follow in a transition, so that the first
 * screen is painted without waiting for a long catalogue (decision 0860).
 */
const firstScreenCards = () =>
  3 * (Math.ceil((typeof window === 'undefined' ? 2400 : window.innerHeight) / 120) + 1);

export interface SwitcherGridProps {
  readonly client: SwitcherClient;
  /** The product answer, translated. */
  readonly data: ProductData;
  readonly locale: Locale;
  readonly messages: Messages;
  /** The switcher root's reference, language, direction and theme. */
  readonly rootProps: {
    readonly ref: RefObject<HTMLDivElement | null>;
    readonly lang: string;
    readonly dir: Direction;
    readonly 'data-ics-theme': string;
  };
  readonly storage: Storage | undefined;
  readonly logger: SwitcherLogger;
  readonly defaultView: SwitcherView;
  readonly onCardClick: ((product: Product) => unknown) | undefined;
  readonly onRequestClose: (() => void) | undefined;
  readonly onSettled: ((status: 'ready' | 'error') => void) | undefined;
  readonly searchEnabled: boolean;
  /** The recently used services, and the store that records openings. */
  readonly recentNames: readonly string[];
  readonly recents: RecentServices | undefined;
}

/**
 * The switcher once its products have arrived: the two views of cards, search, the default
 * service and the empty state. A chunk of its own, requested at the switcher's first render
 * in parallel with the product request (decision 0865).
 */
export function SwitcherGrid({
  client,
  data,
  locale,
  messages,
  rootProps,
  storage,
  logger,
  defaultView,
  onCardClick,
  onRequestClose,
  onSettled,
  searchEnabled,
  recentNames,
  recents,
}: SwitcherGridProps) {
  const { dir } = rootProps;
  const [view, setView] = useState<SwitcherView>(defaultView);
  const [roving] = useState(() => new RovingTabStop());
  const searchField = useRef<HTMLInputElement>(null);
  const starTip = useRef<HTMLElement>(null);
  const [query, setQuery] = useState('');
  // Typing stays immediate; the grid follows as soon as React has time.
  const shownQuery = useDeferredValue(searchEnabled ? query : '');
  const [searchWanted, setSearchWanted] = useState(false);
  const search = useServiceSearch(locale, searchEnabled && (searchWanted || query !== ''));
  const prepared = search?.prepare(shownQuery) ?? '';
  const searching = prepared !== '';

  // The dialog's loader waits for the cards (decision 0865).
  useEffect(() => {
    onSettled?.('ready');
  }, [onSettled]);

  const [defaultService, queue] = useDefaultService(client, data.preferredProduct, logger);

  const sorted = useMemo(() => {
    const user = flatten(sortGroups(data.userGroups, locale));
    const all = sortGroups(data.allGroups, locale);
    const access = {
      userProducts: new Set(user.map((p) => p.uniqueName)),
      licensedProducts: data.licensedProducts,
    };
    // Safe URLs, variants and stars once per card and answer, as the cards are first drawn.
    const cards = cardModels(access, document.baseURI);
    return { user, all, cards };
  }, [data, locale]);

  // What the search leaves, and the recently used services the user can still open.
  const shown = useMemo(() => {
    if (!search || prepared === '') return sorted;
    const matches = (p: Product) => search.matches(p, prepared);
    return {
      ...sorted,
      user: sorted.user.filter(matches),
      all: sorted.all
        .map((group) => ({ ...group, products: group.products.filter(matches) }))
        .filter((group) => group.products.length > 0),
    };
  }, [sorted, search, prepared]);
  // Once the search is loaded (the field has focus), fold every product while the user has
  // not typed yet, so that no keystroke pays for it.
  useEffect(() => {
    if (!search) return;
    const timer = setTimeout(() => {
      search.index(sorted.user);
      for (const group of sorted.all) search.index(group.products);
    });
    return () => clearTimeout(timer);
  }, [search, sorted]);
  // The first screens first; every card once they are painted.
  const [firstCount] = useState(firstScreenCards);
  const [allDrawn, setAllDrawn] = useState(false);
  const drawn = useMemo(
    () => (allDrawn ? shown : firstCards(shown, firstCount)),
    [shown, allDrawn, firstCount],
  );
  const waiting = drawn !== shown;
  useEffect(() => {
    if (!waiting) return;
    // Once the frame that paints the first screen has run: a task after it, then a transition.
    // A page in the background paints no frame, and draws the rest once it is shown; a DOM
    // without frames (a test environment) draws it at once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rest = () => {
      timer = setTimeout(() => startTransition(() => setAllDrawn(true)));
    };
    const frame =
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame(rest) : rest();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting]);
  const recent = useMemo(
    () =>
      searching
        ? []
        : // Only services the user can still open; others are dropped (model/recents.ts).
          recentNames.flatMap((name) => sorted.user.find((p) => p.uniqueName === name) ?? []),
    [sorted, searching, recentNames],
  );

  // The cards' keys as shown, section by section: what the arrow keys move through.
  const [layout, sections] = useMemo(() => {
    const sections: [string, readonly Product[]][] =
      view === 'user'
        ? [
            ['recent', recent],
            ['user', drawn.user],
          ]
        : drawn.all.map((g) => [g.uniqueName, g.products]);
    return [
      gridLayout(
        sections.map(([name, products]) => products.map((p) => `${name}/${p.uniqueName}`)),
      ),
      sections,
    ] as const;
  }, [drawn, recent, view]);
  // After every commit (so that keys never meet a layout the page does not show yet): the tab
  // stop's card, or the first if its card went, is in the tab order.
  useLayoutEffect(() => roving.setLayout(layout, sections));

  const open = useCallback(
    (product: Product) => {
      void recents?.record(product.uniqueName);
      // SW-2.17: close first, then the host's handler, then navigate unless it said no.
      onRequestClose?.();
      const proceed = onCardClick ? onCardClick(product) : true;
      if (proceed) openUrl(product.indexPageUrl, { newWindow: product.openInNewWindow });
    },
    [onCardClick, onRequestClose, recents],
  );
  const onMissingImage = useCallback(
    (product: Product) => {
      const reported = reportedImages.get(logger) ?? new Set<string>();
      reportedImages.set(logger, reported);
      if (reported.has(product.uniqueName)) return;
      reported.add(product.uniqueName);
      logger.warn(
        `[service-switcher] Image missing for product '${product.uniqueName}'; using the bundled icon.`,
      );
    },
    [logger],
  );
  const gridEvents = cardGridEvents({
    cards: sorted.cards,
    productOf: (key) => {
      const at = layout.at.get(key);
      return at && sections[at.section]?.[1][at.index];
    },
    roving,
    direction: dir,
    starTip,
    onOpen: open,
    onToggleDefault: (product) => void queue.choose(product.uniqueName),
    onMissingImage,
  });
  const focusFirstResult = () => {
    // Home from the first card: the tab stop and focus move to it.
    if (layout.first !== undefined) roving.handleKey(layout.first, 'Home', dir);
  };
  const onSwitcherKeyDown = (event: KeyboardEvent) => {
    // '/' finds a service from anywhere in the switcher, except while typing in a field.
    const target = event.target as HTMLElement;
    if (event.key !== '/' || !searchField.current || target.isContentEditable) return;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    event.preventDefault();
    searchField.current.focus();
  };

  if (sorted.user.length === 0) {
    return (
      <div {...rootProps} className="ics-switcher ics-switcher--empty" data-state="empty">
        <p>{messages.emptyState}</p>
        <button
          type="button"
          className="ics-button"
          onClick={() => {
            forgetCachedAnswer(storage);
            void client.logout();
          }}
        >
          {messages.logOut}
        </button>
      </div>
    );
  }
  // The first screen's images load at once; the others when scrolled near (decision 0860).
  const cardsBefore: number[] = [];
  let counted = 0;
  for (const group of drawn.all) {
    cardsBefore.push(counted);
    counted += group.products.length;
  }
  const resultCount =
    view === 'user' ? shown.user.length : shown.all.reduce((n, g) => n + g.products.length, 0);
  const grid = {
    cards: sorted.cards,
    messages,
    locale,
    roving,
    defaultService: defaultService.current,
    onMissingImage,
    query: shownQuery,
    search,
  };
  return (
    <div
      {...rootProps}
      className="ics-switcher"
      data-view={view}
      data-state="ready"
      onKeyDown={onSwitcherKeyDown}
    >
      <MessageBubble
        message={defaultService.message}
        messages={messages}
        onDismiss={() => queue.dismiss()}
      />
      {searchEnabled ? (
        <>
          <SearchField
            field={searchField}
            query={query}
            messages={messages}
            onQuery={setQuery}
            onEnterResults={focusFirstResult}
            onFocus={() => setSearchWanted(true)}
          />
          <p className="ics-search__count ics-visually-hidden" role="status">
            {searching ? plural(messages.serviceCount, resultCount, locale) : ''}
          </p>
        </>
      ) : null}
      <div className="ics-switcher__content" {...gridEvents}>
        {searching && resultCount === 0 ? (
          <div className="ics-search__none" data-state="no-results">
            <p>{format(messages.noResults, shownQuery.trim())}</p>
            <button
              type="button"
              className="ics-button"
              onClick={() => {
                setQuery('');
                searchField.current?.focus();
              }}
            >
              {messages.clearSearch}
            </button>
          </div>
        ) : view === 'user' ? (
          <section aria-labelledby="ics-view-title">
            <h2 className="ics-switcher__view-title" id="ics-view-title">
              {messages.myServices}
            </h2>
            {recent.length > 0 ? (
              <section className="ics-group ics-recent" aria-labelledby="ics-recent-title">
                <h3 className="ics-group__title" id="ics-recent-title">
                  {messages.recentlyUsed}
                </h3>
                <CardGrid products={recent} section="recent" {...grid} />
              </section>
            ) : null}
            <CardGrid products={drawn.user} section="user" eagerImages={firstCount} {...grid} />
          </section>
        ) : (
          <>
            <h2 className="ics-switcher__view-title">{messages.allServices}</h2>
            {drawn.all.map((group, index) => (
              <section
                key={group.uniqueName}
                className="ics-group"
                aria-labelledby={`ics-group-${group.uniqueName}`}
              >
                <h3 className="ics-group__title" id={`ics-group-${group.uniqueName}`}>
                  {group.label}
                </h3>
                <CardGrid
                  products={group.products}
                  section={group.uniqueName}
                  eagerImages={firstCount - (cardsBefore[index] ?? 0)}
                  {...grid}
                />
              </section>
            ))}
          </>
        )}
      </div>
      <footer className="ics-switcher__footer">
        <button
          type="button"
          className="ics-button ics-button--link"
          onClick={() => setView((v) => (v === 'user' ? 'all' : 'user'))}
        >
          {view === 'all' ? (
            <span className="ics-chevron-left" aria-hidden="true">
              ‹
            </span>
          ) : null}
          {view === 'user' ? messages.showAllServices : messages.showMyServices}
        </button>
      </footer>
    </div>
  );
}
