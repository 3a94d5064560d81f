import { COLUMNS, gridLayout, nextCard, type GridLayout } from './gridNavigation.ts';

/** A card's controls that take part in the tab order: its link, star and info link. */
const controls = (card: Element) => card.querySelectorAll<HTMLElement>('a, button');

/**
 * The columns a section's grid shows now: its CSS decides them by the space it has (decision
 * 0900), and the browser resolves them to one length per column. Three where it cannot tell.
 */
const columnsOf = (list: Element | null | undefined) =>
  (list &&
    getComputedStyle(list)
      .gridTemplateColumns.split(/\s+/)
      .filter((track) => track.endsWith('px')).length) ||
  COLUMNS;

/**
 * The grid's one tab stop (roving tabindex), kept in the DOM rather than in React state: every
 * card renders its controls out of the tab order, and moving the tab stop sets `tabIndex` on
 * the card that leaves and on the card that enters, without rendering any. Cards are found
 * from their section's list by index, so a key press costs the same with 20 or 2,000 cards.
 */
export class RovingTabStop {
  #layout: GridLayout = gridLayout([]);
  #sections: readonly (readonly [string, unknown])[] = [];
  #chosen: string | undefined;
  /** The card element whose controls are in the tab order now. */
  #told: Element | undefined;
  readonly #lists = new Map<string, HTMLElement>();

  /** The card in the tab order: the last one focused while it is shown, else the first. */
  get active(): string | undefined {
    return this.#chosen !== undefined && this.#layout.at.has(this.#chosen)
      ? this.#chosen
      : this.#layout.first;
  }

  /**
   * The cards shown, section by section, and the sections (name first), in that order, once
   * they are in the page: puts the active card in the tab order.
   */
  setLayout(layout: GridLayout, sections: readonly (readonly [string, unknown])[]): void {
    this.#layout = layout;
    this.#sections = sections;
    this.sync();
  }

  /** A section's list of cards, so that a card is found by its index (null: gone). */
  register(section: string, list: HTMLElement | null): void {
    if (list) this.#lists.set(section, list);
    else this.#lists.delete(section);
  }

  /** The card element of `key`, if it is in the page. */
  card(key: string): Element | undefined {
    const place = this.#layout.at.get(key);
    if (!place) return undefined;
    const name = this.#sections[place.section]?.[0];
    return (name !== undefined && this.#lists.get(name)?.children[place.index]) || undefined;
  }

  /** Puts the active card's controls in the tab order, and the previous one's out of it. */
  sync(): void {
    const key = this.active;
    const card = key === undefined ? undefined : this.card(key);
    if (this.#told && this.#told !== card)
      for (const control of controls(this.#told)) control.tabIndex = -1;
    // Always: a card re-rendered with a new star or info link has them out of the tab order.
    if (card) for (const control of controls(card)) control.tabIndex = 0;
    this.#told = card;
  }

  /** A card took focus (by key, pointer or script): it becomes the tab stop. */
  activate(key: string): void {
    this.#chosen = key;
    this.sync();
  }

  /** Moves the tab stop and focus from card `from` as `key` asks; false when it does not. */
  handleKey(from: string, key: string, direction: 'ltr' | 'rtl' = 'ltr'): boolean {
    const columns = columnsOf(this.card(from)?.parentElement);
    const to = nextCard(this.#layout, from, key, direction, columns);
    if (to === undefined) return false;
    this.activate(to);
    this.card(to)?.querySelector<HTMLElement>('.ics-card__link')?.focus();
    return true;
  }
}
