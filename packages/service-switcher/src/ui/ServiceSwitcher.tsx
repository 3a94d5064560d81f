import { useCallback, useMemo, useRef, useState } from 'react';
import { useMessages } from '../data/useMessages.ts';
import { useProductData } from '../data/useProductData.ts';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import { chooseLocale, type Locale } from '../model/language.ts';
import { flatten, sortGroups } from '../model/ordering.ts';
import type { Product } from '../model/products.ts';
import { cardVariant } from '../model/variant.ts';
import { CardGrid } from './CardGrid.tsx';
import { openUrl } from './navigation.ts';

export type SwitcherView = 'user' | 'all';

export interface ServiceSwitcherProps {
  /** The platform client (or anything with the same product fetch and logout). */
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
  /** Where skipped items and failures are reported; default `console`. */
  readonly logger?: SwitcherLogger;
}

/** The grid of service cards with its two views, loading, empty and error states. */
export function ServiceSwitcher({
  client,
  locale: localeProp,
  defaultView = 'user',
  onCardClick,
  onRequestClose,
  logger = console,
}: ServiceSwitcherProps) {
  const locale =
    localeProp ?? chooseLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
  const messages = useMessages(locale);
  const [state, retry] = useProductData(client, logger);
  const [view, setView] = useState<SwitcherView>(defaultView);
  const reportedImages = useRef(new Set<string>());

  const sorted = useMemo(() => {
    if (state.status !== 'ready') return undefined;
    const { data } = state;
    const userProducts = new Set(flatten(data.userGroups).map((p) => p.uniqueName));
    return {
      userProducts,
      licensed: data.licensedProducts,
      user: flatten(sortGroups(data.userGroups, locale)),
      all: sortGroups(data.allGroups, locale),
    };
  }, [state, locale]);

  const open = useCallback(
    (product: Product) => {
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

  if (state.status === 'loading') {
    return (
      <div className="ics-switcher ics-switcher--loading" role="status">
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
      <div className="ics-switcher ics-switcher--empty">
        <p>{messages.emptyState}</p>
        <button type="button" className="ics-button" onClick={() => void client.logout()}>
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
  const grid = { messages, variantOf, onOpen: open, onMissingImage };
  return (
    <div className="ics-switcher" data-view={view}>
      <div className="ics-switcher__content">
        {view === 'user' ? (
          <section aria-labelledby="ics-view-title">
            <h2 className="ics-switcher__view-title" id="ics-view-title">
              {messages.myServices}
            </h2>
            <CardGrid products={sorted.user} {...grid} />
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
                <CardGrid products={group.products} {...grid} />
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
