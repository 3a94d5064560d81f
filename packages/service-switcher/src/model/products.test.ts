import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MalformedProductsError, readGroups, readProductData } from './products.ts';

const product = (uniqueName: string, extra: Record<string, unknown> = {}) => ({
  uniqueName,
  label: uniqueName.toUpperCase(),
  ...extra,
});
const group = (uniqueName: string, products: unknown[], extra: Record<string, unknown> = {}) => ({
  uniqueName,
  productRegistryItemType: 'productGroup',
  label: `${uniqueName} label`,
  products,
  ...extra,
});

describe('given registry items', () => {
  it('[SW-3.1] treats an item of type productGroup as a group of products, anything else as a lone product', () => {
    const report: unknown[] = [];
    const groups = readGroups([group('g', [product('a')]), product('lone')], (m) => report.push(m));
    expect(groups.map((g) => g.uniqueName)).toEqual(['g']);
    expect(groups[0]?.products.map((p) => p.uniqueName)).toEqual(['a']);
    expect(report).toHaveLength(1);
  });

  it('[SW-5.1] shows a group only when its type is productGroup and it has at least one product', () => {
    const groups = readGroups(
      [
        group('empty', []),
        group('typed', [product('a')]),
        { ...group('untyped', [product('b')]), productRegistryItemType: 'product' },
      ],
      () => {},
    );
    expect(groups.map((g) => g.uniqueName)).toEqual(['typed']);
  });

  it('[SW-3.2] takes the label from label, then defaultLabel, and the tooltip from description, then defaultTooltip', () => {
    const [g] = readGroups(
      [
        group('g', [
          {
            uniqueName: 'a',
            label: 'A',
            defaultLabel: 'dA',
            description: 'desc',
            defaultTooltip: 'tip',
          },
          { uniqueName: 'b', defaultLabel: 'dB', defaultTooltip: 'tip B' },
          { uniqueName: 'c' },
        ]),
      ],
      () => {},
    );
    expect(g?.products.map((p) => [p.label, p.tooltip])).toEqual([
      ['A', 'desc'],
      ['dB', 'tip B'],
      ['c', ''],
    ]);
  });

  it('[SW-3.3] gives every flattened product a category with the group’s uniqueName and label', () => {
    const [g] = readGroups([group('integration.group', [product('a'), product('b')])], () => {});
    for (const p of g?.products ?? [])
      expect(p.category).toMatchObject({
        id: 'integration.group',
        label: 'integration.group label',
      });
  });
});

describe('given a product-fetch answer', () => {
  it('[SW-3.4] reads licensedProducts, preferredProduct, userProducts and allProducts', () => {
    const data = readProductData(
      {
        licensedProducts: ['a', 7, 'b'],
        preferredProduct: { uniqueName: 'a' },
        userProducts: [group('g', [product('a')])],
        allProducts: [group('g', [product('a'), product('b')])],
      },
      () => {},
    );
    expect([...data.licensedProducts]).toEqual(['a', 'b']);
    expect(data.preferredProduct).toBe('a');
    expect(data.userGroups[0]?.products).toHaveLength(1);
    expect(data.allGroups[0]?.products).toHaveLength(2);
  });

  it('[SW-3.4] reads an absent or malformed preferredProduct as no preferred product', () => {
    for (const preferredProduct of [undefined, null, 'a', { uniqueName: 5 }, []]) {
      expect(
        readProductData({ preferredProduct, userProducts: [], allProducts: [] }, () => {})
          .preferredProduct,
      ).toBeUndefined();
    }
  });

  it('refuses an answer that is not an object, so the widget can show its error view', () => {
    for (const answer of [null, 'x', 42, [], undefined]) {
      expect(() => readProductData(answer, () => {})).toThrow(MalformedProductsError);
    }
  });

  it('ignores prototype keys and inherited properties instead of trusting them', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"uniqueName": "evil"}, "userProducts": [{"__proto__": {"productRegistryItemType": "productGroup"}, "uniqueName": "g", "products": [{"uniqueName": "a"}]}], "allProducts": []}',
    );
    const data = readProductData(hostile, () => {});
    expect(data.userGroups).toEqual([]);
    expect(({} as Record<string, unknown>).uniqueName).toBeUndefined();
  });

  it('never throws anything but MalformedProductsError, and keeps only well-formed products, whatever the answer', () => {
    const anyJson = fc.jsonValue({ maxDepth: 5 });
    const productLike = fc.record(
      {
        uniqueName: fc.oneof(fc.string(), anyJson),
        label: anyJson,
        iconUrl: anyJson,
        trial: anyJson,
        openInNewWindow: anyJson,
      },
      { requiredKeys: [] },
    );
    const groupLike = fc.record(
      {
        uniqueName: fc.oneof(fc.string(), anyJson),
        productRegistryItemType: fc.constantFrom('productGroup', 'x', null),
        products: fc.oneof(fc.array(fc.oneof(productLike, anyJson)), anyJson),
      },
      { requiredKeys: [] },
    );
    const answer = fc.oneof(
      anyJson,
      fc.record(
        {
          licensedProducts: fc.oneof(fc.array(anyJson), anyJson),
          preferredProduct: anyJson,
          userProducts: fc.oneof(fc.array(groupLike), anyJson),
          allProducts: fc.oneof(fc.array(groupLike), anyJson),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(answer, (value) => {
        try {
          const data = readProductData(value, () => {});
          for (const g of [...data.userGroups, ...data.allGroups]) {
            expect(g.products.length).toBeGreaterThan(0);
            for (const p of g.products) {
              expect(typeof p.uniqueName).toBe('string');
              expect(typeof p.label).toBe('string');
              expect(typeof p.openInNewWindow).toBe('boolean');
              if (p.trialDaysLeft !== undefined)
                expect(Number.isInteger(p.trialDaysLeft)).toBe(true);
            }
          }
        } catch (error) {
          expect(error).toBeInstanceOf(MalformedProductsError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
