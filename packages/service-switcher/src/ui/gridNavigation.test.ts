import { describe, expect, it } from 'vitest';
import { cardLinkFor } from './gridNavigation.ts';

/** Two sections: 5 cards (rows of 3 and 2), then 2 cards. */
function grids(): { root: HTMLElement; links: HTMLElement[] } {
  const root = document.createElement('div');
  for (const count of [5, 2]) {
    const ul = document.createElement('ul');
    ul.className = 'ics-grid';
    for (let i = 0; i < count; i++) {
      const li = document.createElement('li');
      li.className = 'ics-card';
      const a = document.createElement('a');
      a.className = 'ics-card__link';
      li.append(a);
      ul.append(li);
    }
    root.append(ul);
  }
  return { root, links: [...root.querySelectorAll<HTMLElement>('.ics-card__link')] };
}

describe('given the card grid and a key', () => {
  it('moves left and right through every card, across sections', () => {
    const { root, links } = grids();
    expect(cardLinkFor(root, links[4] as HTMLElement, 'ArrowRight')).toBe(links[5]);
    expect(cardLinkFor(root, links[5] as HTMLElement, 'ArrowLeft')).toBe(links[4]);
    expect(cardLinkFor(root, links[6] as HTMLElement, 'ArrowRight')).toBeUndefined();
  });

  it('moves up and down by a row of three, to the nearest card of a shorter row, and into the next section’s same column', () => {
    const { root, links } = grids();
    expect(cardLinkFor(root, links[1] as HTMLElement, 'ArrowDown')).toBe(links[4]);
    expect(cardLinkFor(root, links[2] as HTMLElement, 'ArrowDown')).toBe(links[4]);
    expect(cardLinkFor(root, links[4] as HTMLElement, 'ArrowDown')).toBe(links[6]);
    expect(cardLinkFor(root, links[3] as HTMLElement, 'ArrowDown')).toBe(links[5]);
    expect(cardLinkFor(root, links[6] as HTMLElement, 'ArrowUp')).toBe(links[4]);
    expect(cardLinkFor(root, links[4] as HTMLElement, 'ArrowUp')).toBe(links[1]);
    expect(cardLinkFor(root, links[0] as HTMLElement, 'ArrowUp')).toBeUndefined();
  });

  it('goes to the first card on Home and the last on End, and ignores other keys', () => {
    const { root, links } = grids();
    expect(cardLinkFor(root, links[3] as HTMLElement, 'Home')).toBe(links[0]);
    expect(cardLinkFor(root, links[0] as HTMLElement, 'End')).toBe(links[6]);
    expect(cardLinkFor(root, links[0] as HTMLElement, 'a')).toBeUndefined();
  });

  it('follows the visual direction in a right-to-left grid: Left goes forward, Right goes back', () => {
    const { root, links } = grids();
    root.style.direction = 'rtl';
    document.body.append(root);
    expect(cardLinkFor(root, links[4] as HTMLElement, 'ArrowLeft')).toBe(links[5]);
    expect(cardLinkFor(root, links[5] as HTMLElement, 'ArrowRight')).toBe(links[4]);
    root.remove();
  });
});
