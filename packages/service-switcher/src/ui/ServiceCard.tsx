import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { format, type Messages } from '../i18n/messages.ts';
import { showsDefaultStar } from '../model/defaultStar.ts';
import type { Locale } from '../model/language.ts';
import type { Product } from '../model/products.ts';
import { safeHttpUrl } from '../model/safeUrl.ts';
import type { CardVariant } from '../model/variant.ts';
import { fallbackIcon } from './fallbackIcon.ts';
import type { RovingTabStop } from './rovingTabStop.ts';

// Rare (free trials only): loaded when a trial card is first shown.
const TrialMarker = lazy(() => import('./TrialMarker.tsx'));

export interface ServiceCardProps {
  readonly product: Product;
  readonly variant: CardVariant;
  readonly messages: Messages;
  readonly locale: Locale;
  /** Whether this card is the user's default service. */
  readonly isDefaultService: boolean;
  /** The grid's roving tabindex: only the active card's controls are in the tab order. */
  readonly roving: RovingTabStop;
  /** Key of the card in the grid's roving tabindex. */
  readonly cardKey: string;
  /** Opens the product; never called for a card with a variant. */
  readonly onOpen: (product: Product) => void;
  readonly onToggleDefault: (product: Product) => void;
  /** Called when the product's image is missing or fails to load (SW-2.21). */
  readonly onMissingImage: (product: Product) => void;
  /** The part of the title the search matched, [markStart, markEnd), if any. */
  readonly markStart?: number | undefined;
  readonly markEnd?: number | undefined;
}

const reasonKey = {
  license: 'noLicense',
  permission: 'noPermission',
  offline: 'offline',
  unavailable: 'unavailable',
} as const;

/**
 * One tile (SW-3.6): image at 70x70, title, tooltip, default star, info link and trial marker.
 * A card with a variant is greyed, aria-disabled, shows a key (licence) or lock icon with the
 * reason as its tooltip, and cannot be opened by pointer, keyboard or script (SW-4.5, SW-6.3).
 */
export const ServiceCard = memo(function ServiceCard(props: ServiceCardProps) {
  const { product, variant, messages, roving, cardKey, isDefaultService } = props;
  const id = useId();
  const [imageFailed, setImageFailed] = useState(product.iconUrl === undefined);
  const [starTipHidden, setStarTipHidden] = useState(false);
  const active = useSyncExternalStore(
    useCallback((listener: () => void) => roving.subscribe(cardKey, listener), [roving, cardKey]),
    () => roving.isActive(cardKey),
    () => roving.isActive(cardKey),
  );
  const linkRef = useCallback(
    (link: HTMLAnchorElement) => roving.register(cardKey, link),
    [roving, cardKey],
  );
  const usable = variant === 'none';
  const reason = usable ? undefined : messages[reasonKey[variant]];
  const href = usable ? safeHttpUrl(product.indexPageUrl, document.baseURI) : undefined;
  const learnMore = safeHttpUrl(product.learnMorePageUrl, document.baseURI);
  const tabIndex = active ? 0 : -1;
  const star = showsDefaultStar({
    uniqueName: product.uniqueName,
    trialDaysLeft: product.trialDaysLeft,
    variant,
  });
  const starLabel = format(
    isDefaultService ? messages.unsetAsDefault : messages.setAsDefault,
    product.label,
  );

  const open = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    if (usable) props.onOpen(product);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Links open on Enter by themselves (a click); Space opens them too, as on a button.
    if (event.key === ' ') open(event);
  };
  // A usable card's description is an attribute, not a hidden node per card (issue 13): its
  // tooltip, and that it opens a new window. A locked card is described by its visible reason.
  const description = usable
    ? [product.tooltip, product.openInNewWindow ? messages.opensInNewWindow : '']
        .filter(Boolean)
        .join('. ') || undefined
    : undefined;

  const { onMissingImage } = props;
  useEffect(() => {
    if (product.iconUrl === undefined) onMissingImage(product);
  }, [product, onMissingImage]);

  return (
    <li
      className="ics-card"
      data-variant={variant}
      data-unique-name={product.uniqueName}
      data-default={isDefaultService || undefined}
      onFocus={() => roving.activate(cardKey)}
    >
      <a
        ref={linkRef}
        className="ics-card__link"
        href={href}
        role={href ? undefined : 'link'}
        tabIndex={tabIndex}
        aria-disabled={usable ? undefined : true}
        aria-describedby={reason ? `${id}-reason` : undefined}
        aria-description={description}
        data-card-key={cardKey}
        title={reason ?? (product.tooltip || undefined)}
        onClick={open}
        onKeyDown={onKeyDown}
      >
        <img
          className="ics-card__image"
          src={imageFailed ? fallbackIcon(product.uniqueName) : product.iconUrl}
          alt=""
          width={70}
          height={70}
          onError={() => {
            if (imageFailed) return;
            setImageFailed(true);
            onMissingImage(product);
          }}
        />
        <span className="ics-card__title">
          {props.markStart !== undefined && props.markEnd !== undefined ? (
            <>
              {product.label.slice(0, props.markStart)}
              <mark className="ics-mark">
                {product.label.slice(props.markStart, props.markEnd)}
              </mark>
              {product.label.slice(props.markEnd)}
            </>
          ) : (
            product.label
          )}
        </span>
      </a>
      {reason ? (
        <span
          className="ics-card__lock"
          data-icon={variant === 'license' ? 'key' : variant === 'offline' ? 'offline' : 'lock'}
        >
          <span className="ics-tooltip" role="tooltip" id={`${id}-reason`}>
            {reason}
          </span>
        </span>
      ) : null}
      {product.trialDaysLeft !== undefined && usable ? (
        <Suspense fallback={null}>
          <TrialMarker daysLeft={product.trialDaysLeft} messages={messages} locale={props.locale} />
        </Suspense>
      ) : null}
      {star ? (
        <button
          type="button"
          className="ics-star"
          data-on={isDefaultService || undefined}
          data-alone={learnMore ? undefined : true}
          tabIndex={tabIndex}
          aria-label={starLabel}
          onClick={() => props.onToggleDefault(product)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !starTipHidden) {
              // Escape hides the tooltip only; the dialog stays open (SW-4.9).
              event.stopPropagation();
              setStarTipHidden(true);
            }
          }}
          onBlur={() => setStarTipHidden(false)}
          onMouseLeave={() => setStarTipHidden(false)}
        >
          {isDefaultService ? '★' : '☆'}
          <span className="ics-tooltip" aria-hidden="true" hidden={starTipHidden}>
            {starLabel}
          </span>
        </button>
      ) : null}
      {learnMore ? (
        <a
          className="ics-info"
          href={learnMore}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={tabIndex}
          aria-label={`${format(messages.learnMore, product.label)} (${messages.opensInNewWindow})`}
          title={format(messages.learnMore, product.label)}
        >
          i
        </a>
      ) : null}
    </li>
  );
});
