import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGroups } from './products.ts';
import {
  bundleAddress,
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
