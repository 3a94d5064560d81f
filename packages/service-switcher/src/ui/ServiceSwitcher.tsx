import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { BundleFetch } from '../data/bundles.ts';
import { isCodeLoadError } from '../data/chunk.ts';
import { gridCode, type GridCode } from './gridCode.ts';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import { sessionStorageOrNone } from '../data/sessionStore.ts';
import { useMessages } from '../data/useMessages.ts';
import { useProductData } from '../data/useProductData.ts';
import { useRecentServices } from '../data/useRecentServices.ts';
import { firstScreenCards } from '../model/firstScreen.ts';
import { bcp47, chooseLocale, type Locale } from '../model/language.ts';
import type { Product } from '../model/products.ts';
import type { SwitcherTheme, SwitcherView } from './switcherTypes.ts';
import { useDirection, type Direction } from './useDirection.ts';

/**
 * Props of `ServiceSwitcher`: the client it reads from, and how it looks and behaves. Only `client`
 * is required.
 */
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

/**
 * After 'Try again', while the switcher waits or shows the error again: focus on its root
 * (focusable then), not lost to the document's body with the button that went (issue 40).
 */
function useRetryFocus(root: RefObject<HTMLElement | null>, waiting: boolean) {
  useEffect(() => {
    const element = root.current;
    if (waiting && !element?.contains(element.ownerDocument.activeElement)) element?.focus();
  }, [root, waiting]);
}

/** The browser's language choice (SW-5.2); English where there is no browser. */
export const browserLocale = (): Locale =>
  chooseLocale(typeof navigator === 'undefined' ? [] : navigator.languages);

/** What the dialog gives its switcher besides the props: its reopens (decision 1151). */
export type SwitcherDisplayProps = ServiceSwitcherProps & { readonly reopens?: number };

/**
 * The switcher, as the dialog draws it: `reopens` counts the kept dialog's reopens, each of
 * which revalidates the products while the cards stay (decision 1151).
 */
/**
 * The code that draws the cards (a chunk of its own): loaded, `'failed'` (logged), or not yet;
 * setting it back to `undefined` asks for it again.
 */
function useGridCode(logger: SwitcherLogger) {
  const [grid, setGrid] = useState<GridCode | 'failed' | undefined>(() => gridCode.loaded);
  useEffect(() => {
    if (grid) return;
    let live = true;
    gridCode.load().then(
      (code) => live && setGrid(code),
      (error: unknown) => {
        if (!live) return;
        logger.error('[service-switcher] The code that draws the cards did not load', error);
        setGrid('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [grid, logger]);
  return [grid, setGrid] as const;
}

function SwitcherDisplay({
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
  reopens = 0,
}: SwitcherDisplayProps) {
  void gridCode.load().catch(() => {}); // a prefetch: the effect below reports a failure
  const locale = localeProp ?? browserLocale();
  const root = useRef<HTMLDivElement>(null);
  const dir = useDirection(root, dirProp);
  // WCAG 3.1.1/3.1.2: the switcher says its language (and direction) on its own root.
  const rootProps = { ref: root, lang: bcp47(locale), dir, 'data-ics-theme': theme };
  const messages = useMessages(locale);
  const [storage] = useState(() => storageProp ?? sessionStorageOrNone());
  const [state, retryProducts] = useProductData(client, logger, {
    locale,
    fetchBundle,
    storage,
    reopens,
    firstScreen: {
      view: defaultView,
      // The window the switcher is drawn in: the dialog's frame, or the page.
      // A window of no height (a dialog drawn closed, decision 1151): as the server render.
      cards: () => firstScreenCards(root.current?.ownerDocument.defaultView?.innerHeight || 2400),
    },
  });
  const [recentNames, recents] = useRecentServices(
    client,
    recentServices,
    logger,
    storage,
    reopens,
  );
  const [grid, setGrid] = useGridCode(logger);
  const [retried, setRetried] = useState(false);
  const failed = state.status === 'error' || grid === 'failed';
  // Code that did not load (the cards' or the answer's reader) asks for a reload (issue 36).
  const codeFailed =
    grid === 'failed' || (state.status === 'error' && isCodeLoadError(state.error));
  useEffect(() => {
    if (failed) onSettled?.('error');
  }, [failed, onSettled]);
  useRetryFocus(root, retried && (failed || state.status === 'loading' || !grid));

  if (failed) {
    return (
      <div
        {...rootProps}
        className="ics-switcher ics-switcher--error"
        data-error="true"
        tabIndex={retried ? -1 : undefined}
      >
        {/* The alert holds the message alone: 'Try again' is not said with it (issue 55). */}
        <div className="ics-switcher__error-message" role="alert">
          <p className="ics-switcher__error-title">{messages.errorTitle}</p>
          <p>{codeFailed ? messages.codeLoadFailure : messages.errorBody}</p>
        </div>
        <button
          type="button"
          className="ics-button"
          onClick={() => {
            if (grid === 'failed') setGrid(undefined);
            setRetried(true);
            retryProducts();
          }}
        >
          {messages.tryAgain}
        </button>
      </div>
    );
  }
  if (state.status === 'loading' || !grid) {
    return (
      <div
        {...rootProps}
        className="ics-switcher ics-switcher--loading"
        role="status"
        data-state="loading"
        tabIndex={retried ? -1 : undefined}
      >
        <span className="ics-spinner" aria-hidden="true" />
        <span>{messages.loading}</span>
      </div>
    );
  }
  return (
    <grid.SwitcherGrid
      client={client}
      data={state.data}
      locale={locale}
      messages={messages}
      rootProps={rootProps}
      storage={storage}
      logger={logger}
      defaultView={defaultView}
      onCardClick={onCardClick}
      onRequestClose={onRequestClose}
      onSettled={onSettled}
      searchEnabled={searchEnabled}
      recovered={retried}
      recentNames={recentNames}
      recents={recents}
    />
  );
}

/**
 * The grid of service cards with its two views, loading, empty and error states. What draws
 * the cards is a chunk requested at the first render, in parallel with the product request.
 */
export const ServiceSwitcher: (props: ServiceSwitcherProps) => ReactNode = SwitcherDisplay;
