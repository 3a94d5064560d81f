import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRecent, parseRecents, RECENT_LIMIT, serialiseRecents } from './recents.ts';

describe('given the recently used services', () => {
  it('puts the opened service first, without repeats, keeping three', () => {
    expect(addRecent([], 'cdi')).toEqual(['cdi']);
    expect(addRecent(['a', 'b', 'c'], 'd')).toEqual(['d', 'a', 'b']);
    expect(addRecent(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(addRecent(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(addRecent(['a', 'b'], 'b')).toEqual(['b', 'a']);
  });

  it('reads back what it wrote, and reads anything else as no recents', () => {
    expect(parseRecents(serialiseRecents(['a', 'b']))).toEqual(['a', 'b']);
    for (const bad of [undefined, 42, '', 'cdi', '{"a":1}', '[1,null,""]', 'null'])
      expect(parseRecents(bad)).toEqual([]);
    expect(parseRecents('["a","a","b",7,"c","d"]')).toEqual(['a', 'b', 'c']);
    expect(parseRecents('["  ","a","\\t"]')).toEqual(['a']);
    // Only a string is parsed: a list holding the JSON text is not (its String() would be).
    expect(parseRecents(['["a"]'])).toEqual([]);
  });

  it('writes at most three names', () => {
    expect(serialiseRecents(['a', 'b', 'c', 'd'])).toBe('["a","b","c"]');
    expect(serialiseRecents([])).toBe('[]');
  });

  it('holds for any sequence of openings: at most three, distinct, the last opened first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1 }),
        (opened) => {
          const names = opened.reduce<string[]>(
            (list, name) => parseRecents(serialiseRecents(addRecent(list, name))),
            [],
          );
          expect(names.length).toBeLessThanOrEqual(RECENT_LIMIT);
          expect(new Set(names).size).toBe(names.length);
          expect(names[0]).toBe(opened.at(-1));
        },
      ),
    );
  });
});
