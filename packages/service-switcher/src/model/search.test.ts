import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcp47, LOCALES } from './language.ts';
import type { Product } from './products.ts';
import { serviceSearch } from './search.ts';

const product = (label: string, tooltip = '', group = 'Platform'): Product => ({
  uniqueName: label,
  label,
  tooltip,
  iconUrl: undefined,
  indexPageUrl: undefined,
  openInNewWindow: false,
  learnMorePageUrl: undefined,
  needLicense: false,
  localeResourceUrl: undefined,
  trialDaysLeft: undefined,
  category: { id: 'g', label: group, localeResourceUrl: undefined },
});
const finds = (locale: (typeof LOCALES)[number], p: Product, query: string) => {
  const search = serviceSearch(locale);
  return search.matches(p, search.prepare(query));
};

describe('given a search query and a service', () => {
  it('matches the label, the description and the group, ignoring case and surrounding spaces', () => {
    const cdi = product('Data Integration', 'Move data between clouds', 'Integration');
    expect(finds('en', cdi, '  data INT ')).toBe(true);
    expect(finds('en', cdi, 'between CLOUDS')).toBe(true);
    expect(finds('en', product('Administrator', '', 'Platform'), 'platf')).toBe(true);
    expect(finds('en', cdi, 'quality')).toBe(false);
  });

  it('matches everything for an empty or blank query', () => {
    expect(finds('en', product('Anything'), '')).toBe(true);
    expect(finds('en', product('Anything'), '   ')).toBe(true);
  });

  it('ignores accents as the language’s collator does: résumé, Qualität, Ñandú', () => {
    expect(finds('fr', product('Résumé des données'), 'resume')).toBe(true);
    expect(finds('fr', product('Resume'), 'RÉSUMÉ')).toBe(true);
    expect(finds('de', product('Datenqualität'), 'qualitat')).toBe(true);
    expect(finds('es', product('Ñandú'), 'ñandu')).toBe(true);
    // Spanish sorts ñ as its own letter: 'n' does not find it, as Intl.Collator says.
    expect(finds('es', product('Ñandú'), 'nandu')).toBe(false);
    // Decomposed input (e + combining acute) is the same text.
    expect(finds('fr', product('Café'), 'cafe\u0301')).toBe(true);
  });

  it('does not match across the label, description and group', () => {
    expect(finds('en', product('Data', 'Quality'), 'data quality')).toBe(false);
  });

  it('gives the range of the first match in the original title, accents and case kept', () => {
    const search = serviceSearch('fr');
    expect(search.range('Qualité des Données', 'donnees')).toEqual([12, 19]);
    expect(search.range('Qualité', 'xyz')).toBeUndefined();
    expect(search.range('Qualité', ' ')).toBeUndefined();
    expect(serviceSearch('en').range('😀 Data', 'data')).toEqual([3, 7]);
  });

  it('holds, for any title and any piece of it in any case: the piece is found, and the range collates equal to it', () => {
    const letters = fc.constantFrom(...'aAeEéÉèiIoOöÖuUüçÇnñßxyz 0-'.split(''));
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(letters, { minLength: 1, maxLength: 24 }).map((a) => a.join('')),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (locale, title, a, b, upper) => {
          const start = a % title.length;
          const end = start + 1 + (b % (title.length - start));
          let piece = title.slice(start, end);
          if (piece.trim() === '') return;
          piece = upper ? piece.toLocaleUpperCase(bcp47(locale)) : piece;
          if (piece.length !== end - start) return; // ß → SS changes the length
          const search = serviceSearch(locale);
          expect(search.matches(product(title), search.prepare(piece))).toBe(true);
          const range = search.range(title, piece);
          expect(range).toBeDefined();
          const [from, to] = range ?? [0, 0];
          const collator = new Intl.Collator(bcp47(locale), { sensitivity: 'base' });
          expect(collator.compare(title.slice(from, to), piece.trim())).toBe(0);
        },
      ),
    );
  });

  it('holds, for any two letters: folded alike only when the language’s collator calls them equal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...'aàäåeéiïoøöuüyÿcçnñsşzž'.split('')),
        fc.constantFrom(...'aàäåeéiïoøöuüyÿcçnñsşzž'.split('')),
        (locale, x, y) => {
          const search = serviceSearch(locale);
          const collator = new Intl.Collator(bcp47(locale), { sensitivity: 'base' });
          if (search.prepare(x) === search.prepare(y)) expect(collator.compare(x, y)).toBe(0);
        },
      ),
    );
  });
});
