import {
  useEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import type { CardModels } from '../model/cards.ts';
import type { Product } from '../model/products.ts';
import { fallbackIcon } from './fallbackIcon.ts';
import type { CardFocus } from './cardFocus.ts';

export interface CardGridEventOptions {
  /** The cards shown, and the product of a card's key. */
  readonly cards: CardModels;
  readonly productOf: (key: string) => Product | undefined;
  readonly focus: CardFocus;
  readonly direction: 'ltr' | 'rtl';
  /** The star's tooltip: one node for every card, made when first shown. */
  readonly starTip: RefObject<HTMLElement | null>;
  /** Opens the product; called for usable cards only. */
  readonly onOpen: (product: Product) => void;
  readonly onToggleDefault: (product: Product) => void;
  /** Called when a product's image fails to load; the card shows its bundled icon (SW-2.21). */
  readonly onMissingImage: (product: Product) => void;
}

// Targets may live in the dialog's frame, another realm: no `instanceof Element`.
const within = (event: SyntheticEvent, selector: string) =>
  (event.target as HTMLElement).closest<HTMLElement>(selector);
/** A card's key in `CardFocus`: its section and its product. */
const keyOf = (card: HTMLElement) =>
  `${card.parentElement?.dataset.section}/${card.dataset.uniqueName}`;

/** Shows the star's name in the one tooltip, moved next to the star (CSS places it). */
function showTip(holder: RefObject<HTMLElement | null>, star: HTMLElement) {
  // Made in the star's document: the dialog's cards live in its frame.
  const tip = (holder.current ??= star.ownerDocument.createElement('span'));
  tip.className = 'ics-tooltip ics-star-tip';
  tip.setAttribute('aria-hidden', 'true');
  tip.textContent = star.getAttribute('aria-label');
  tip.hidden = false;
  // Moved only when it is not there yet: a node moved under the pointer is entered again.
  if (star.nextSibling !== tip) star.after(tip);
}
const hideTip = (tip: HTMLElement | null) => {
  if (tip) tip.hidden = true;
};

/**
 * The star's tooltip (one node for every card, made when first shown) and the element that
 * holds the cards. Escape in the cards' window, before anything else sees it, hides the
 * tooltip if shown and does nothing else (SW-4.9): wherever focus is, so that it goes without
 * moving the pointer or focus (WCAG 1.4.13); the dialog stays open, the search keeps its text.
 */
export function useStarTip(hasCards: boolean) {
  const starTip = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The window the cards are drawn in: the dialog's frame, or the page.
    const view = content.current?.ownerDocument.defaultView;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || starTip.current?.hidden !== false) return;
      event.stopPropagation();
      hideTip(starTip.current);
    };
    view?.addEventListener('keydown', onKey, true);
    return () => view?.removeEventListener('keydown', onKey, true);
  }, [hasCards]);
  return { starTip, content };
}

/**
 * The handlers of every card, delegated to the element that holds the grids: opening a card
 * (click, Enter, Space), the arrow keys that move focus between cards, the default
 * star and its tooltip (shown while the star is hovered or focused; Escape hides it, SW-4.9) and
 * a locked card's reason (Escape hides it too),
 * and a failed image. Cards carry none.
 */
export function cardGridEvents(options: CardGridEventOptions) {
  const { focus, starTip } = options;
  const modelOf = (event: SyntheticEvent) => {
    const card = within(event, '.ics-card');
    const product = card && options.productOf(keyOf(card));
    return product ? options.cards.get(product) : undefined;
  };
  const open = (event: SyntheticEvent) => {
    event.preventDefault();
    const model = modelOf(event);
    if (model?.variant === 'none') options.onOpen(model.product);
  };
  /**
   * Shows the star's tooltip when the pointer or focus enters a star, hides it when they leave
   * both the star and the tooltip: the pointer may move onto the tooltip (WCAG 1.4.13);
   * a locked card's reason, hidden by Escape, shows again once pointer and focus have left.
   */
  const tip = (event: FocusEvent | MouseEvent, show: boolean) => {
    const to = event.relatedTarget as Node | null;
    const card = within(event, '.ics-card');
    if (!show && card && !card.contains(to)) delete card.dataset.tipHidden;
    const shown = starTip.current;
    const star = within(event, '.ics-star') ?? within(event, '.ics-star-tip')?.previousSibling;
    if (!star || star.contains(to) || (shown?.contains(to) && shown.previousSibling === star))
      return;
    if (show) showTip(starTip, star as HTMLElement);
    else hideTip(shown);
  };
  return {
    onClick(event: MouseEvent) {
      const model = modelOf(event);
      if (within(event, '.ics-star')) {
        if (model) options.onToggleDefault(model.product);
      } else if (within(event, '.ics-card__link')) open(event);
    },
    onKeyDown(event: KeyboardEvent) {
      const { classList } = event.target as HTMLElement;
      const card = within(event, '.ics-card');
      if (!card) return;
      if (
        event.key === 'Escape' &&
        card.querySelector('.ics-card__reason') &&
        card.dataset.tipHidden === undefined
      ) {
        // The same for a locked card's reason (WCAG 1.4.13): a second Escape closes the dialog.
        event.stopPropagation();
        card.dataset.tipHidden = '';
      } else if (classList.contains('ics-card__link')) {
        // Links open on Enter by themselves (a click); Space opens them too, as on a button.
        if (event.key === ' ') open(event);
        else if (focus.handleKey(keyOf(card), event.key, options.direction)) event.preventDefault();
      }
    },
    onFocus(event: FocusEvent) {
      const card = within(event, '.ics-card');
      if (card) focus.activate(keyOf(card));
      tip(event, true);
    },
    onBlur: (event: FocusEvent) => tip(event, false),
    onMouseOver: (event: MouseEvent) => tip(event, true),
    onMouseOut: (event: MouseEvent) => tip(event, false),
    onError(event: SyntheticEvent) {
      // Image errors do not bubble in the DOM, but React passes them up its tree.
      const image = event.target as HTMLElement;
      const model = modelOf(event);
      if (!model || !image.classList.contains('ics-card__image')) return;
      const fallback = fallbackIcon(model.product.uniqueName);
      if (image.getAttribute('src') === fallback) return;
      image.setAttribute('src', fallback);
      options.onMissingImage(model.product);
    },
  };
}
