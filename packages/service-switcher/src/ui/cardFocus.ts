import { COLUMNS, gridLayout, nextCard, type GridLayout } from './gridNavigation.ts';

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
 * Which card has focus, and where the arrow keys, Home and End take it. Every card is in the
 * Tab order (decision 1113); the arrows are a quicker way through the same cards, found from
 * their section's list by index, so a key press costs the same with 20 or 2,000 cards.
 */
export class CardFocus {
  #layout: GridLayout = gridLayout([]);
  #sections: readonly (readonly [string, unknown])[] = [];
  #chosen: string | undefined;
  readonly #lists = new Map<string, HTMLElement>();

  /** The card focused last while it is shown, else the first. */
  get active(): string | undefined {
    return this.#chosen !== undefined && this.#layout.at.has(this.#chosen)
      ? this.#chosen
      : this.#layout.first;
  }

  /** The cards shown, section by section, and the sections (name first), in that order. */
  setLayout(layout: GridLayout, sections: readonly (readonly [string, unknown])[]): void {
    this.#layout = layout;
    this.#sections = sections;
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

  /** A card took focus (by key, pointer or script). */
  activate(key: string): void {
    this.#chosen = key;
  }

  /** Focuses the active card's link (after a message the user dismissed); false if none. */
  focusActive(): boolean {
    const key = this.active;
    const link = key === undefined ? null : this.card(key)?.querySelector<HTMLElement>('a');
    link?.focus();
    return Boolean(link);
  }

  /** Moves focus from card `from` as `key` asks; false when it does not. */
  handleKey(from: string, key: string, direction: 'ltr' | 'rtl' = 'ltr'): boolean {
    const columns = columnsOf(this.card(from)?.parentElement);
    const to = nextCard(this.#layout, from, key, direction, columns);
    if (to === undefined) return false;
    this.activate(to);
    return this.focusActive();
  }
}
