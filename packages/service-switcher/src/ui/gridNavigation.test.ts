import { describe, expect, it } from 'vitest';
import { gridLayout, nextCard } from './gridNavigation.ts';
import { CardFocus } from './cardFocus.ts';

/** Two sections: 5 cards (rows of 3 and 2), then 2 cards; card i is `c${i}`. */
const layout = gridLayout([
  ['c0', 'c1', 'c2', 'c3', 'c4'],
  ['c5', 'c6'],
]);

describe('given the card grid and a key', () => {
  it('moves left and right through every card, across sections', () => {
    expect(nextCard(layout, 'c4', 'ArrowRight')).toBe('c5');
    expect(nextCard(layout, 'c5', 'ArrowLeft')).toBe('c4');
    expect(nextCard(layout, 'c6', 'ArrowRight')).toBeUndefined();
    expect(nextCard(layout, 'c0', 'ArrowLeft')).toBeUndefined();
  });

  it('mirrors left and right in a right-to-left grid', () => {
    expect(nextCard(layout, 'c4', 'ArrowLeft', 'rtl')).toBe('c5');
    expect(nextCard(layout, 'c5', 'ArrowRight', 'rtl')).toBe('c4');
  });

  it('moves up and down by a row of three, to the nearest card of a shorter row, and into the next section’s same column', () => {
    expect(nextCard(layout, 'c1', 'ArrowDown')).toBe('c4');
    expect(nextCard(layout, 'c2', 'ArrowDown')).toBe('c4');
    expect(nextCard(layout, 'c4', 'ArrowDown')).toBe('c6');
    expect(nextCard(layout, 'c3', 'ArrowDown')).toBe('c5');
    expect(nextCard(layout, 'c6', 'ArrowUp')).toBe('c4');
    expect(nextCard(layout, 'c4', 'ArrowUp')).toBe('c1');
    expect(nextCard(layout, 'c0', 'ArrowUp')).toBeUndefined();
  });

  it('moves up and down by a row of two or one when the grid shows fewer columns', () => {
    expect(nextCard(layout, 'c1', 'ArrowDown', 'ltr', 2)).toBe('c3');
    expect(nextCard(layout, 'c3', 'ArrowDown', 'ltr', 2)).toBe('c4');
    expect(nextCard(layout, 'c4', 'ArrowDown', 'ltr', 2)).toBe('c5');
    expect(nextCard(layout, 'c3', 'ArrowUp', 'ltr', 2)).toBe('c1');
    expect(nextCard(layout, 'c6', 'ArrowUp', 'ltr', 2)).toBe('c4');
    expect(nextCard(layout, 'c5', 'ArrowUp', 'ltr', 2)).toBe('c4');
    expect(nextCard(layout, 'c0', 'ArrowDown', 'ltr', 1)).toBe('c1');
    expect(nextCard(layout, 'c4', 'ArrowDown', 'ltr', 1)).toBe('c5');
    expect(nextCard(layout, 'c5', 'ArrowUp', 'ltr', 1)).toBe('c4');
  });

  it('goes to the first card on Home and the last on End, and ignores other keys and unknown cards', () => {
    expect(nextCard(layout, 'c3', 'Home')).toBe('c0');
    expect(nextCard(layout, 'c0', 'End')).toBe('c6');
    expect(nextCard(layout, 'c0', 'a')).toBeUndefined();
    expect(nextCard(layout, 'gone', 'Home')).toBeUndefined();
  });
});

/** The grid's two sections in the page: cards with a link and a star. */
function sections() {
  const lists = [5, 2].map((count, section) => {
    const list = document.createElement('ul');
    for (let i = 0; i < count; i++) {
      const card = document.createElement('li');
      card.innerHTML = '<a class="ics-card__link" href="#">card</a><button>star</button>';
      list.append(card);
    }
    document.body.append(list);
    return [`s${section}`, list] as const;
  });
  const tabbable = () =>
    lists.flatMap(([, list]) =>
      [...list.querySelectorAll<HTMLElement>('a, button')].map((c) => c.tabIndex),
    );
  return { lists, tabbable };
}

describe('given the cards’ focus', () => {
  it('moves focus with a key, and leaves every control in the tab order', () => {
    const { lists, tabbable } = sections();
    const focus = new CardFocus();
    focus.setLayout(layout, lists);
    for (const [name, list] of lists) focus.register(name, list);
    expect(focus.active).toBe('c0');
    expect(focus.handleKey('c1', 'ArrowDown')).toBe(true);
    expect(focus.active).toBe('c4');
    expect(document.activeElement).toBe(lists[0]?.[1].children[4]?.firstElementChild);
    expect(focus.handleKey('c0', 'ArrowUp')).toBe(false);
    expect(focus.handleKey('c4', 'ArrowDown')).toBe(true);
    expect(document.activeElement).toBe(lists[1]?.[1].children[1]?.firstElementChild);
    // Moving focus never takes a control out of the Tab order (decision 1113).
    expect(tabbable()).toEqual(Array<number>(14).fill(0));
    for (const [, list] of lists) list.remove();
  });

  it('moves up and down by the columns the grid shows, read from its computed style', () => {
    const { lists } = sections();
    const focus = new CardFocus();
    focus.setLayout(layout, lists);
    for (const [name, list] of lists) {
      list.style.display = 'grid';
      list.style.gridTemplateColumns = '120px 120px';
      focus.register(name, list);
    }
    expect(focus.handleKey('c1', 'ArrowDown')).toBe(true);
    expect(focus.active).toBe('c3');
    for (const [, list] of lists) list.style.gridTemplateColumns = '240px';
    expect(focus.handleKey('c3', 'ArrowUp')).toBe(true);
    expect(focus.active).toBe('c2');
    for (const [, list] of lists) list.remove();
  });

  it('focuses the card focused last, or the first once that card is no longer shown', () => {
    const { lists } = sections();
    const focus = new CardFocus();
    focus.setLayout(layout, lists);
    for (const [name, list] of lists) focus.register(name, list);
    focus.activate('c5');
    expect(focus.focusActive()).toBe(true);
    expect(document.activeElement).toBe(lists[1]?.[1].children[0]?.firstElementChild);
    focus.setLayout(gridLayout([['c0', 'c1']]), lists.slice(0, 1));
    expect(focus.active).toBe('c0');
    expect(focus.focusActive()).toBe(true);
    expect(document.activeElement).toBe(lists[0]?.[1].children[0]?.firstElementChild);
    for (const [, list] of lists) list.remove();
  });
});
