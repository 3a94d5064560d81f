import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { browserBundleFetch, type BundleFetch } from '../data/bundles.ts';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import { useDefaultService } from '../data/useDefaultService.ts';
import { forgetCachedAnswer, sessionStorageOrNone } from '../data/productCache.ts';
import { useMessages } from '../data/useMessages.ts';
import { useProductData } from '../data/useProductData.ts';
import { chooseLocale, type Locale } from '../model/language.ts';
import { flatten, sortGroups } from '../model/ordering.ts';
import type { Product } from '../model/products.ts';
import { cardVariant } from '../model/variant.ts';
import { CardGrid } from './CardGrid.tsx';
import { gridLayout } from './gridNavigation.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { openUrl } from './navigation.ts';
import { RovingTabStop } from './rovingTabStop.ts';

export type SwitcherView = 'user' | 'all';

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
  fetchBundle = browserBundleFetch,
  storage: storageProp,
}: ServiceSwitcherProps) {
  const locale = localeProp ?? browserLocale();
  const messages = useMessages(locale);
  const [storage] = useState(() => storageProp ?? sessionStorageOrNone());
  const [state, retry] = useProductData(client, logger, { locale, fetchBundle, storage });
  const [view, setView] = useState<SwitcherView>(defaultView);
  const [roving] = useState(() => new RovingTabStop());
  const reportedImages = useRef(new Set<string>());

  useEffect(() => {
    if (state.status !== 'loading') onSettled?.(state.status);
  }, [state.status, onSettled]);

  const data = state.status === 'ready' ? state.data : undefined;
  const [defaultService, queue] = useDefaultService(client, data?.preferredProduct, logger);

  const sorted = useMemo(() => {
    if (!data) return undefined;
    const userProducts = new Set(flatten(data.userGroups).map((p) => p.uniqueName));
    return {
      userProducts,
      licensed: data.licensedProducts,
      user: flatten(sortGroups(data.userGroups, locale)),
      all: sortGroups(data.allGroups, locale),
    };
  }, [data, locale]);

  // The cards' keys as shown, section by section: what the arrow keys move through.
  const layout = useMemo(
    () =>
      sorted &&
      gridLayout(
        view === 'user'
          ? [sorted.user.map((p) => `user/${p.uniqueName}`)]
          : sorted.all.map((g) => g.products.map((p) => `${g.uniqueName}/${p.uniqueName}`)),
      ),
    [sorted, view],
  );
  // Read by the cards rendered now; cards kept as they were learn of a moved tab stop below.
  if (layout) roving.setLayout(layout);
  useLayoutEffect(() => roving.flush());

  const open = useCallback(
    (product: Product) => {
      // SW-2.17: close first, then the host's handler, then navigate unless it said no.
      onRequestClose?.();
      const proceed = onCardClick ? onCardClick(product) : true;
      if (proceed) openUrl(product.indexPageUrl, { newWindow: product.openInNewWindow });
    },
    [onCardClick, onRequestClose],
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
  const onToggleDefault = useCallback(
    (product: Product) => void queue.choose(product.uniqueName),
    [queue],
  );
  const onGridKeyDown = (event: KeyboardEvent) => {
    // The target may live in the dialog's frame, another realm: no `instanceof Element`.
    const target = event.target as HTMLElement;
    const from = target.classList?.contains('ics-card__link') ? target.dataset.cardKey : undefined;
    if (from !== undefined && roving.handleKey(from, event.key)) event.preventDefault();
  };

  if (state.status === 'loading') {
    return (
      <div className="ics-switcher ics-switcher--loading" role="status" data-state="loading">
        <span className="ics-spinner" aria-hidden="true" />
        <span>{messages.loading}</span>
      </div>
    );
  }
  if (state.status === 'error' || !sorted) {
    return (
      <div className="ics-switcher ics-switcher--error" role="alert" data-error="true">
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
      <div className="ics-switcher ics-switcher--empty" data-state="empty">
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
  const variantOf = (product: Product) =>
    cardVariant({
      uniqueName: product.uniqueName,
      needLicense: product.needLicense,
      userProducts: sorted.userProducts,
      licensedProducts: sorted.licensed,
    });
  const grid = {
    messages,
    locale,
    variantOf,
    roving,
    defaultService: defaultService.current,
    onOpen: open,
    onToggleDefault,
    onMissingImage,
  };
  return (
    <div className="ics-switcher" data-view={view} data-state="ready">
      <MessageBubble
        message={defaultService.message}
        messages={messages}
        onDismiss={() => queue.dismiss()}
      />
      <div className="ics-switcher__content" onKeyDown={onGridKeyDown}>
        {view === 'user' ? (
          <section aria-labelledby="ics-view-title">
            <h2 className="ics-switcher__view-title" id="ics-view-title">
              {messages.myServices}
            </h2>
            <CardGrid products={sorted.user} section="user" {...grid} />
          </section>
        ) : (
          <>
            <h2 className="ics-switcher__view-title">{messages.allServices}</h2>
            {sorted.all.map((group) => (
              <section
                key={group.uniqueName}
                className="ics-group"
                aria-labelledby={`ics-group-${group.uniqueName}`}
              >
                <h3 className="ics-group__title" id={`ics-group-${group.uniqueName}`}>
                  {group.label}
                </h3>
                <CardGrid products={group.products} section={group.uniqueName} {...grid} />
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
