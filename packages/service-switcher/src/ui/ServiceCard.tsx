import { memo } from 'react';
import { chunk } from '../data/chunk.ts';
import { format, plural, type Messages } from '../i18n/messages.ts';
import type { CardModel } from '../model/cards.ts';
import type { Locale } from '../model/language.ts';
import { fallbackIcon } from './fallbackIcon.ts';
import type * as Trial from './TrialMarker.tsx';
import { useChunk } from './useChunk.ts';

// Rare (free trials only): loaded when a trial card is first shown.
const trialCode = chunk<typeof Trial>(() => import('./TrialMarker.tsx'));

/** The trial marker once its code has arrived; nothing before (and if it cannot load). */
function LazyTrialMarker(props: { daysLeft: number; messages: Messages; locale: Locale }) {
  const { code } = useChunk(trialCode);
  return code ? <code.default {...props} /> : null;
}

export interface ServiceCardProps {
  /** The card, derived once per product answer (safe URLs, variant, star). */
  readonly card: CardModel;
  /** Unique in the document: a locked card's reason gets an id from it. */
  readonly idPrefix: string;
  readonly messages: Messages;
  readonly locale: Locale;
  /** Whether this card is the user's default service. */
  readonly isDefaultService: boolean;
  /** The part of the title the search matched, [markStart, markEnd), if any. */
  readonly markStart?: number | undefined;
  readonly markEnd?: number | undefined;
  /** Loads the image when the card comes near the view (cards after the first screen). */
  readonly lazyImage?: boolean;
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
 *
 * A plain function of its props: the grid (`CardGrid`) handles clicks, keys, focus, the star's
 * shared tooltip and failed images for all its cards at once. Every control is in the Tab
 * order (decision 1113).
 */
export const ServiceCard = memo(function ServiceCard(props: ServiceCardProps) {
  const { card, messages, isDefaultService } = props;
  const { product, variant, href, learnMore } = card;
  const usable = variant === 'none';
  const reason = usable ? undefined : messages[reasonKey[variant]];
  const { label } = product;
  const trialDays = usable ? product.trialDaysLeft : undefined;
  // A usable card's description is an attribute, not a hidden node per card (issue 13): a free
  // trial and its days left (the marker itself is not read: it sits after the link, issue 40),
  // its tooltip, and that it opens a new window. A locked card is described by its reason.
  const description = usable
    ? [
        trialDays === undefined
          ? ''
          : `${messages.freeTrial}, ${plural(messages.daysLeft, trialDays, props.locale)}`,
        product.tooltip,
        product.openInNewWindow ? messages.opensInNewWindow : '',
      ]
        .filter(Boolean)
        .join('. ') || undefined
    : undefined;
  const reasonId = reason ? props.idPrefix + encodeURIComponent(product.uniqueName) : undefined;
  const { markStart, markEnd } = props;
  const learnMoreText = learnMore ? format(messages.learnMore, label) : undefined;

  return (
    <li
      className="ics-card"
      data-variant={variant}
      data-unique-name={product.uniqueName}
      data-default={isDefaultService || undefined}
    >
      <a
        className="ics-card__link"
        href={href}
        role={href ? undefined : 'link'}
        // Every card is in the Tab order (decision 1113); a locked card has no address.
        tabIndex={href ? undefined : 0}
        // The default card says so in its name, after its title (issue 40): the filled star and
        // the border alone say nothing to a screen reader.
        aria-label={isDefaultService ? `${label}, ${messages.defaultServiceBadge}` : undefined}
        aria-disabled={usable ? undefined : true}
        aria-describedby={reasonId}
        aria-description={description}
        title={reason ?? (product.tooltip || undefined)}
      >
        <img
          className="ics-card__image"
          loading={props.lazyImage ? 'lazy' : undefined}
          src={product.iconUrl || fallbackIcon(product.uniqueName)}
          alt=""
          width={70}
          height={70}
        />
        {/* The title is isolated (bdi): a direction override in a label (U+202E) ends with it. */}
        {markStart !== undefined && markEnd !== undefined ? (
          // Marked while searching: the title keeps one box for the card's layout.
          <bdi className="ics-card__title">
            {label.slice(0, markStart)}
            <mark className="ics-mark">{label.slice(markStart, markEnd)}</mark>
            {label.slice(markEnd)}
          </bdi>
        ) : (
          <bdi>{label}</bdi>
        )}
      </a>
      {reason ? (
        <>
          <span
            className="ics-card__lock"
            data-icon={variant === 'license' ? 'key' : variant === 'offline' ? 'offline' : 'lock'}
          />
          {/* Below the card, never over its title; Escape hides it (WCAG 1.4.13). */}
          <span className="ics-tooltip ics-card__reason" role="tooltip" id={reasonId}>
            {reason}
          </span>
        </>
      ) : null}
      {trialDays !== undefined ? (
        <LazyTrialMarker daysLeft={trialDays} messages={messages} locale={props.locale} />
      ) : null}
      {card.star ? (
        <button
          type="button"
          className="ics-star"
          data-on={isDefaultService || undefined}
          data-alone={learnMore ? undefined : true}
          aria-label={format(
            isDefaultService ? messages.unsetAsDefault : messages.setAsDefault,
            label,
          )}
        >
          {isDefaultService ? '★' : '☆'}
        </button>
      ) : null}
      {learnMoreText !== undefined ? (
        <a
          className="ics-info"
          href={learnMore}
          target="_blank"
          rel="noopener noreferrer"
          // The name is the tooltip (not said twice as name and description, issue 40).
          title={`${learnMoreText} (${messages.opensInNewWindow})`}
        >
          <span aria-hidden="true">i</span>
        </a>
      ) : null}
    </li>
  );
});
