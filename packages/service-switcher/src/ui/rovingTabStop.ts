import { gridLayout, nextCard, type GridLayout } from './gridNavigation.ts';

/**
 * The grid's one tab stop (roving tabindex) outside React state: moving it notifies the two
 * cards concerned and no other, and the card links are found by key, so a key press costs
 * the same with 20 or 2,000 cards.
 */
export class RovingTabStop {
  #layout: GridLayout = gridLayout([]);
  #chosen: string | undefined;
  /** The tab stop the cards were last told about. */
  #told: string | undefined;
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly #links = new Map<string, HTMLElement>();

  /** The card in the tab order: the last one focused while it is shown, else the first. */
  get active(): string | undefined {
    return this.#chosen !== undefined && this.#layout.at.has(this.#chosen)
      ? this.#chosen
      : this.#layout.first;
  }

  isActive = (key: string): boolean => this.active === key;

  /**
   * The cards shown, section by section; the tab stop stays on its card while it is shown.
   * Set while rendering (the cards rendered in the same pass read it); `flush` then tells
   * cards that were not rendered again that they left or entered the tab order.
   */
  setLayout(layout: GridLayout): void {
    this.#layout = layout;
  }

  flush(): void {
    this.#move(() => {});
  }

  /** A card took focus (by key, pointer or script): it becomes the tab stop. */
  activate(key: string): void {
    this.#move(() => (this.#chosen = key));
  }

  /** Moves the tab stop and focus from card `from` as `key` asks; false when it does not. */
  handleKey(from: string, key: string, direction: 'ltr' | 'rtl' = 'ltr'): boolean {
    const to = nextCard(this.#layout, from, key, direction);
    if (to === undefined) return false;
    this.activate(to);
    this.#links.get(to)?.focus();
    return true;
  }

  /** A card's link, so that a key can focus it without querying the document. */
  register(key: string, link: HTMLElement): () => void {
    this.#links.set(key, link);
    return () => {
      if (this.#links.get(key) === link) this.#links.delete(key);
    };
  }

  /** Listens for the card `key` entering or leaving the tab order. */
  subscribe(key: string, listener: () => void): () => void {
    const set = this.#listeners.get(key) ?? new Set();
    set.add(listener);
    this.#listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(key);
    };
  }

  #move(change: () => void): void {
    const before = this.#told;
    change();
    const after = this.active;
    this.#told = after;
    if (before === after) return;
    for (const key of [before, after])
      if (key !== undefined) this.#listeners.get(key)?.forEach((listener) => listener());
  }
}
