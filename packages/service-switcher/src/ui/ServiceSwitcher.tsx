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
} from 'react';
import type { BundleFetch } from '../data/bundles.ts';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import { useDefaultService } from '../data/useDefaultService.ts';
import { forgetCachedAnswer, sessionStorageOrNone } from '../data/sessionStore.ts';
import { useMessages } from '../data/useMessages.ts';
import { useProductData } from '../data/useProductData.ts';
import { useRecentServices } from '../data/useRecentServices.ts';
import { format, plural } from '../i18n/messages.ts';
import { cardModels } from '../model/cards.ts';
import { bcp47, chooseLocale, type Locale } from '../model/language.ts';
import { firstCards, flatten, sortGroups } from '../model/ordering.ts';
import type { Product } from '../model/products.ts';
import { CardGrid } from './CardGrid.tsx';
import { cardGridEvents } from './cardGridEvents.ts';
import { gridLayout } from './gridNavigation.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { openUrl } from './navigation.ts';
import { RovingTabStop } from './rovingTabStop.ts';
import { SearchField } from './SearchField.tsx';
import { useDirection, type Direction } from './useDirection.ts';
import { useServiceSearch } from './useServiceSearch.ts';

export type SwitcherView = 'user' | 'all';
/** Colour theme: light (default), dark, or auto (follows `prefers-color-scheme`). */
export type SwitcherTheme = 'light' | 'dark' | 'auto';

/**
 * Cards drawn in the first render of an answer: as many as the window can show (three to a row,
 * a row at least 120 px tall), and a row more. The rest follow in a transition, so that the first
 * screen is painted without waiting for a long catalogue (decision 0860).
 */
const firstScreenCards = () =>
  3 * (Math.ceil((typeof window === 'undefined' ? 2400 : window.innerHeight) / 120) + 1);

export interface ServiceSwitcherProps {
  /** The platform client (or anything with the same product fetch, session, preferences and logout). */
  readonly client: SwitcherClient;
  /** Interface language; default chosen from `navigator.languages` (SW-5.2). */
  readonly locale?: Locale;
  /** The view shown first; default 'user' ('My Services'). */
  readonly defaultView?: SwitcherView;
  /**
   * Runs when a usable card is chosen, after the switcher has asked to close. Return a
   * truthy value to let the browser navigate to the product; without a handler it always does.
   */
  readonly onCardClick?: (product: Product) => unknown;
  /** Asks the host to close the switcher (the dialog closes; the page ignores it). */
  readonly onRequestClose?: () => void;
  /** Called when the product data has arrived or failed (the dialog's loader waits for it). */
  readonly onSettled?: (status: 'ready' | 'error') => void;
  /** Where skipped items and failures are reported; default `console`. */
  readonly logger?: SwitcherLogger;
  /** Reads a translation bundle; default the browser's `fetch` with the session's cookies. */
  readonly fetchBundle?: BundleFetch;
  /** Where translation bundles and the last product answer are kept; default `sessionStorage`. */
  readonly storage?: Storage;
  /** Text direction of the switcher; default the direction of the element it is mounted in. */
  readonly dir?: Direction;
  /** Shows the search field above the cards; default true. `false` gives the plain spec widget. */
  readonly search?: boolean;
  /**
   * Shows the last three services the user opened from the switcher first in 'My Services',
   * kept as the user preference `ProductSwitcher.recentServices`; default true.
   */
  readonly recentServices?: boolean;
  /** Colour theme of the switcher (and of the page and dialog frame around it); default 'light'. */
  readonly theme?: SwitcherTheme;
}

/** The browser's language choice (SW-5.2); English where there is no browser. */
export const browserLocale = (): Locale =>
  chooseLocale(typeof navigator === 'undefined' ? [] : navigator.languages);

/** The grid of service cards with its two views, loading, empty and error states. */
export function ServiceSwitcher({
  client,
  locale: localeProp,
  defaultView = 'user',
  onCardClick,
  onRequestClose,
  onSettled,
  logger = console,
  fetchBundle,
  storage: storageProp,
  dir: dirProp,
  search: searchEnabled = true,
  recentServices = true,
  theme = 'light',
}: ServiceSwitcherProps) {
  const locale = localeProp ?? browserLocale();
  const root = useRef<HTMLDivElement>(null);
  const dir = useDirection(root, dirProp);
  // WCAG 3.1.1/3.1.2: the switcher says its language (and direction) on its own root.
  const rootProps = { ref: root, lang: bcp47(locale), dir, 'data-ics-theme': theme };
  const messages = useMessages(locale);
  const [storage] = useState(() => storageProp ?? sessionStorageOrNone());
  const [state, retry] = useProductData(client, logger, { locale, fetchBundle, storage });
  const [recentNames, recents] = useRecentServices(client, recentServices, logger, storage);
  const [view, setView] = useState<SwitcherView>(defaultView);
  const [roving] = useState(() => new RovingTabStop());
  const reportedImages = useRef(new Set<string>());
  const searchField = useRef<HTMLInputElement>(null);
  const starTip = useRef<HTMLElement>(null);
  const [query, setQuery] = useState('');
  // Typing stays immediate; the grid follows as soon as React has time.
  const shownQuery = useDeferredValue(searchEnabled ? query : '');
  const [searchWanted, setSearchWanted] = useState(false);
  const search = useServiceSearch(locale, searchEnabled && (searchWanted || query !== ''));
  const prepared = search?.prepare(shownQuery) ?? '';
  const searching = prepared !== '';

  useEffect(() => {
    if (state.status !== 'loading') onSettled?.(state.status);
  }, [state.status, onSettled]);

  const data = state.status === 'ready' ? state.data : undefined;
  const [defaultService, queue] = useDefaultService(client, data?.preferredProduct, logger);

  const sorted = useMemo(() => {
    if (!data) return undefined;
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
    if (!sorted || !search || prepared === '') return sorted;
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
    if (!search || !sorted) return;
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
    () => (shown && !allDrawn ? firstCards(shown, firstCount) : shown),
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
      !sorted || searching
        ? []
        : // Only services the user can still open; others are dropped (model/recents.ts).
          recentNames.flatMap((name) => sorted.user.find((p) => p.uniqueName === name) ?? []),
    [sorted, searching, recentNames],
  );

  // The cards' keys as shown, section by section: what the arrow keys move through.
  const [layout, sections] = useMemo(() => {
    const sections: [string, readonly Product[]][] = !drawn
      ? []
      : view === 'user'
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
      if (reportedImages.current.has(product.uniqueName)) return;
      reportedImages.current.add(product.uniqueName);
      logger.warn(
        `[service-switcher] Image missing for product '${product.uniqueName}'; using the bundled icon.`,
      );
    },
    [logger],
  );
  const gridEvents = cardGridEvents({
    cards: sorted?.cards,
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

  if (state.status === 'loading') {
    return (
      <div
        {...rootProps}
        className="ics-switcher ics-switcher--loading"
        role="status"
        data-state="loading"
      >
        <span className="ics-spinner" aria-hidden="true" />
        <span>{messages.loading}</span>
      </div>
    );
  }
  if (state.status === 'error' || !sorted || !shown || !drawn) {
    return (
      <div
        {...rootProps}
        className="ics-switcher ics-switcher--error"
        role="alert"
        data-error="true"
      >
        <p className="ics-switcher__error-title">{messages.errorTitle}</p>
        <p>{messages.errorBody}</p>
        <button type="button" className="ics-button" onClick={retry}>
          {messages.tryAgain}
        </button>
      </div>
    );
  }
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
