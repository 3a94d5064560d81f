import { describe, expect, it } from 'vitest';
import { gridLayout, nextCard } from './gridNavigation.ts';
import { RovingTabStop } from './rovingTabStop.ts';

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

  it('goes to the first card on Home and the last on End, and ignores other keys and unknown cards', () => {
    expect(nextCard(layout, 'c3', 'Home')).toBe('c0');
    expect(nextCard(layout, 'c0', 'End')).toBe('c6');
    expect(nextCard(layout, 'c0', 'a')).toBeUndefined();
    expect(nextCard(layout, 'gone', 'Home')).toBeUndefined();
  });
});

describe('given the roving tab stop', () => {
  it('tells only the card that left and the card that entered the tab order, and focuses the new one', () => {
    const roving = new RovingTabStop();
    roving.setLayout(layout);
    roving.flush();
    const told: string[] = [];
    for (const key of ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6'])
      roving.subscribe(key, () => told.push(key));
    const link = document.createElement('a');
    const focused: string[] = [];
    link.focus = () => focused.push('c4');
    roving.register('c4', link);
    expect(roving.active).toBe('c0');
    expect(roving.handleKey('c1', 'ArrowDown')).toBe(true);
    expect(told).toEqual(['c0', 'c4']);
    expect(focused).toEqual(['c4']);
    expect(roving.isActive('c4')).toBe(true);
    expect(roving.handleKey('c0', 'ArrowUp')).toBe(false);
  });

  it('falls back to the first card when its card is no longer shown', () => {
    const roving = new RovingTabStop();
    roving.setLayout(layout);
    roving.activate('c5');
    const told: string[] = [];
    roving.subscribe('c5', () => told.push('c5'));
    roving.subscribe('c0', () => told.push('c0'));
    roving.setLayout(gridLayout([['c0', 'c1']]));
    roving.flush();
    expect(roving.active).toBe('c0');
    expect(told).toEqual(['c5', 'c0']);
  });
});
