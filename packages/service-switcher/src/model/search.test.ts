import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bcp47, LOCALES } from './language.ts';
import type { Product } from './products.ts';
import type { serviceSearch as ServiceSearchOf } from './search.ts';

// A fresh module per test file run: its per-language caches must not outlive a run (Stryker
// runs every mutant in the same process, and a cached search would hide the mutant).
let serviceSearch: typeof ServiceSearchOf;
beforeAll(async () => {
  vi.resetModules();
  ({ serviceSearch } = await import('./search.ts'));
});

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

  it('creates one search per language and prepares a query as its trimmed lower case without the marks the language ignores', () => {
    expect(serviceSearch('fr')).toBe(serviceSearch('fr'));
    expect(serviceSearch('fr')).not.toBe(serviceSearch('de'));
    expect(serviceSearch('en').prepare('  DaTa ÉTÉ ')).toBe('data ete');
    expect(serviceSearch('es').prepare('Ñandú')).toBe('ñandu');
    expect(serviceSearch('de').prepare('STRASSE')).toBe('strasse');
    expect(serviceSearch('de').prepare('Straße')).toBe('straße');
  });

  it('keeps a lone combining mark in the query, so it does not match everything', () => {
    expect(serviceSearch('en').prepare('\u0301')).toBe('\u0301');
    expect(finds('en', product('Data'), '\u0301')).toBe(false);
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
    // A decomposed title that composition shortens gets no range rather than a shifted one.
    expect(search.range('Cafe\u0301 noir', 'noir')).toBeUndefined();
    expect(search.range('Cafe\u0301 noir', 'cafe')).toBeUndefined();
  });

  it('finds the same after the products were indexed ahead of the first keystroke', () => {
    const search = serviceSearch('de');
    const products = [product('Datenqualität', 'Prüfen'), product('Integration')];
    search.index(products);
    expect(products.map((p) => search.matches(p, search.prepare('prufen')))).toEqual([true, false]);
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
