import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGroups } from './products.ts';
import { firstScreenCards } from './firstScreen.ts';
import { cardsDrawnFirst } from './ordering.ts';
import {
  bundleAddress,
  firstScreenAddresses,
  readGroupBundle,
  readProductBundle,
  translateGroups,
} from './translations.ts';

describe('given translation bundles', () => {
  it('[SW-3.5] reads product label and tooltip from product.label and product.description, group label from productGroup.label', () => {
    expect(readProductBundle({ product: { label: 'データ品質', description: '説明' } })).toEqual({
      label: 'データ品質',
      description: '説明',
    });
    expect(readProductBundle({ 'product.label': 'Flat' })).toEqual({ label: 'Flat' });
    expect(readGroupBundle({ productGroup: { label: 'データ統合' } })).toEqual({
      label: 'データ統合',
    });
  });

  it('reads a blank text as missing, and a bundle with only a description as that description', () => {
    expect(readProductBundle({ product: { label: '   ', description: 'Desc' } })).toEqual({
      description: 'Desc',
    });
    expect(readProductBundle({ product: { description: 'Desc' } })).toEqual({
      description: 'Desc',
    });
    expect(readProductBundle({ product: { label: '' } })).toBeUndefined();
    expect(readProductBundle({ product: { label: ' \t ' } })).toBeUndefined();
    expect(readGroupBundle({ productGroup: { label: '  ' } })).toBeUndefined();
  });

  it('[SW-5.3] addresses a bundle as the bundle path, the primary language subtag and translation.json', () => {
    expect(bundleAddress('/shell-service/i18n/products/cdq/', 'zh')).toBe(
      '/shell-service/i18n/products/cdq/zh/translation.json',
    );
  });

  it('reads nothing from a malformed bundle, whatever it holds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (bundle) => {
        const product = readProductBundle(bundle);
        const group = readGroupBundle(bundle);
        for (const value of [product?.label, product?.description, group?.label])
          if (value !== undefined) expect(typeof value).toBe('string');
      }),
    );
    expect(readProductBundle('<html>')).toBeUndefined();
    expect(readProductBundle({ product: { label: 42 } })).toBeUndefined();
    expect(readGroupBundle(JSON.parse('{"__proto__": {"label": "x"}}'))).toBeUndefined();
  });

  it('[SW-3.5] [SW-3.3] replaces labels and tooltips where a translation exists, keeps the registry texts elsewhere, and relabels categories', () => {
    const groups = readGroups(
      [
        {
          uniqueName: 'g',
          productRegistryItemType: 'productGroup',
          label: 'Group',
          localeResourceUrl: '/i18n/groups/g/',
          products: [
            { uniqueName: 'a', label: 'A', description: 'tip A', localeResourceUrl: '/i18n/a/' },
            { uniqueName: 'b', label: 'B', description: 'tip B', localeResourceUrl: '/i18n/b/' },
          ],
        },
      ],
      () => {},
    );
    const [g] = translateGroups(
      groups,
      {
        products: new Map([['/i18n/a/ja/translation.json', { label: 'エー' }]]),
        groups: new Map([['/i18n/groups/g/ja/translation.json', { label: 'グループ' }]]),
      },
      'ja',
    );
    expect(g?.label).toBe('グループ');
    expect(g?.products.map((p) => [p.label, p.tooltip, p.category.label])).toEqual([
      ['エー', 'tip A', 'グループ'],
      ['B', 'tip B', 'グループ'],
    ]);
    const [untranslated] = translateGroups(
      groups,
      { products: new Map(), groups: new Map() },
      'ja',
    );
    expect(untranslated?.label).toBe('Group');
    expect(untranslated?.products.map((p) => p.label)).toEqual(['A', 'B']);
  });
});

describe('given the bundles the first screen waits for', () => {
  const product = (name: string, label: string) => ({
    uniqueName: name,
    label,
    localeResourceUrl: `/p/${name}/`,
  });
  const group = (name: string, label: string, products: object[]) => ({
    uniqueName: name,
    label,
    productRegistryItemType: 'productGroup',
    localeResourceUrl: `/g/${name}/`,
    products,
  });
  const groups = readGroups(
    [
      group('common.group', 'Aaa common', [product('admin', 'Admin')]),
      group('late', 'Zeta', [product('z1', 'Z one'), product('z2', 'Z two')]),
      group('early', 'Alpha', [product('a1', 'A one'), product('a2', 'A two')]),
      group('middle', 'Mu', [product('m1', 'M one'), product('m2', 'M two')]),
    ],
    () => {},
  );
  const none = { products: new Map(), groups: new Map() };
  const at = (kind: string, name: string) => `/${kind}/${name}/de/translation.json`;

  it('names every group but common.group, then the products of the groups that come first by label until the count is reached, in that order', () => {
    expect(firstScreenAddresses(groups, none, 'de', 3)).toEqual([
      at('g', 'late'),
      at('g', 'early'),
      at('g', 'middle'),
      at('p', 'a1'),
      at('p', 'a2'),
      at('p', 'm1'),
      at('p', 'm2'),
    ]);
    expect(firstScreenAddresses(groups, none, 'de', 2)).toHaveLength(5);
  });

  it('follows the order the group labels read so far give: a group translated to the front brings its products in', () => {
    const read = {
      products: new Map(),
      groups: new Map([[at('g', 'late'), { label: 'Aardvark' }]]),
    };
    expect(firstScreenAddresses(groups, read, 'de', 2).slice(3)).toEqual([
      at('p', 'z1'),
      at('p', 'z2'),
    ]);
  });

  it('names common.group’s bundle and products when the first screen reaches it, last', () => {
    const all = firstScreenAddresses(groups, none, 'de', 7);
    expect(all).toHaveLength(4 + 7);
    expect(all.slice(-2)).toEqual([at('g', 'common.group'), at('p', 'admin')]);
  });

  it('names no address for a group or product without a bundle', () => {
    const bare = readGroups(
      [
        {
          uniqueName: 'g',
          label: 'G',
          productRegistryItemType: 'productGroup',
          products: [{ uniqueName: 'x', label: 'X' }],
        },
      ],
      () => {},
    );
    expect(firstScreenAddresses(bare, none, 'de', 9)).toEqual([]);
  });

  it('gives three cards a row for each 132 px row below the first: three rows in the dialog’s 520 px, one at the least', () => {
    expect(firstScreenCards(520)).toBe(9);
    expect(firstScreenCards(800)).toBe(18);
    expect(firstScreenCards(100)).toBe(3);
  });

  it('draws first three cards a row for each 120 px of the window and a row more: 24 in 768 px, 6 in 100 px', () => {
    expect(cardsDrawnFirst(768)).toBe(24);
    expect(cardsDrawnFirst(100)).toBe(6);
  });
});
