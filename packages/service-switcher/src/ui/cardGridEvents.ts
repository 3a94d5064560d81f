import type { FocusEvent, KeyboardEvent, MouseEvent, RefObject, SyntheticEvent } from 'react';
import type { CardModel } from '../model/cards.ts';
import type { Product } from '../model/products.ts';
import { fallbackIcon } from './fallbackIcon.ts';
import type { RovingTabStop } from './rovingTabStop.ts';

export interface CardGridEventOptions {
  /** The cards shown, by unique name. */
  readonly cards: ReadonlyMap<string, CardModel> | undefined;
  readonly roving: RovingTabStop;
  readonly direction: 'ltr' | 'rtl';
  /** The star's tooltip: one node for every card. */
  readonly starTip: RefObject<HTMLElement | null>;
  /** Opens the product; called for usable cards only. */
  readonly onOpen: (product: Product) => void;
  readonly onToggleDefault: (product: Product) => void;
  /** Called when a product's image fails to load; the card shows its bundled icon (SW-2.21). */
  readonly onMissingImage: (product: Product) => void;
}

// Targets may live in the dialog's frame, another realm: no `instanceof Element`.
const element = (event: SyntheticEvent) => event.target as HTMLElement;
const within = (event: SyntheticEvent, selector: string) =>
  element(event).closest?.<HTMLElement>(selector) ?? null;
const cardOf = (event: SyntheticEvent) => within(event, '.ics-card');
/** A card's key in the roving tab stop: its section and its product. */
const keyOf = (card: HTMLElement) =>
  `${card.parentElement?.dataset.section ?? ''}/${card.dataset.uniqueName ?? ''}`;

/** Shows the shared tooltip with the star's name, above it (below it at the top edge). */
function showTip(tip: HTMLElement | null, star: HTMLElement) {
  const box = tip?.parentElement;
  if (!tip || !box) return;
  tip.textContent = star.getAttribute('aria-label');
  tip.hidden = false;
  const outer = box.getBoundingClientRect();
  const at = star.getBoundingClientRect();
  const rtl = box.closest('[dir="rtl"]') !== null;
  const above = at.top - outer.top + box.scrollTop - tip.offsetHeight - 4;
  tip.style.top = `${above >= box.scrollTop ? above : at.bottom - outer.top + box.scrollTop + 4}px`;
  const left = rtl ? at.left - outer.left : at.right - outer.left - tip.offsetWidth;
  tip.style.left = `${Math.max(0, left + box.scrollLeft)}px`;
}
const hideTip = (tip: HTMLElement | null) => {
  if (tip) tip.hidden = true;
};

/**
 * The handlers of every card, delegated to the element that holds the grids: opening a card
 * (click, Enter, Space), the arrow keys and focus that move the roving tab stop, the default
 * star and its tooltip (Escape hides it, SW-4.9), and a failed image. Cards carry none.
 */
export function cardGridEvents(options: CardGridEventOptions) {
  const { cards, roving, starTip } = options;
  const productOf = (card: HTMLElement | null) =>
    card ? cards?.get(card.dataset.uniqueName ?? '') : undefined;
  const open = (event: SyntheticEvent, card: HTMLElement | null) => {
    event.preventDefault();
    const model = productOf(card);
    if (model?.variant === 'none') options.onOpen(model.product);
  };
  return {
    onClick(event: MouseEvent) {
      const card = cardOf(event);
      if (within(event, '.ics-star')) {
        const model = productOf(card);
        if (model) options.onToggleDefault(model.product);
      } else if (within(event, '.ics-card__link')) open(event, card);
    },
    onKeyDown(event: KeyboardEvent) {
      const target = element(event);
      const card = cardOf(event);
      if (!card) return;
      if (target.classList.contains('ics-star')) {
        if (event.key === 'Escape' && starTip.current?.hidden === false) {
          // Escape hides the tooltip only; the dialog stays open (SW-4.9).
          event.stopPropagation();
          hideTip(starTip.current);
        }
      } else if (target.classList.contains('ics-card__link')) {
        // Links open on Enter by themselves (a click); Space opens them too, as on a button.
        if (event.key === ' ') open(event, card);
        else if (roving.handleKey(keyOf(card), event.key, options.direction))
          event.preventDefault();
      }
    },
    onFocus(event: FocusEvent) {
      const card = cardOf(event);
      if (!card) return;
      roving.activate(keyOf(card));
      if (element(event).classList.contains('ics-star')) showTip(starTip.current, element(event));
    },
    onBlur(event: FocusEvent) {
      if (element(event).classList.contains('ics-star')) hideTip(starTip.current);
    },
    onMouseOver(event: MouseEvent) {
      const star = within(event, '.ics-star');
      if (star && !star.contains(event.relatedTarget as Node | null))
        showTip(starTip.current, star);
    },
    onMouseOut(event: MouseEvent) {
      const star = within(event, '.ics-star');
      if (star && !star.contains(event.relatedTarget as Node | null)) hideTip(starTip.current);
    },
    onError(event: SyntheticEvent) {
      // Image errors do not bubble in the DOM, but React passes them up its tree.
      const image = element(event);
      const model = productOf(cardOf(event));
      if (!model || !image.classList.contains('ics-card__image')) return;
      const fallback = fallbackIcon(model.product.uniqueName);
      if (image.getAttribute('src') === fallback) return;
      image.setAttribute('src', fallback);
      options.onMissingImage(model.product);
    },
  };
}
