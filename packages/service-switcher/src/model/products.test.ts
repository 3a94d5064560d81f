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

describe('given the fields of one product', () => {
  const category = { id: 'g', label: 'g label', localeResourceUrl: '/i18n/g' };
  const read = (fields: Record<string, unknown>) =>
    readGroups([group('g', [fields], { localeResourceUrl: '/i18n/g' })], () => {})[0]?.products[0];

  it('reads every field the widget uses, as the server sent it', () => {
    expect(
      read({
        uniqueName: 'cdi',
        label: 'Data Integration',
        description: 'Move data',
        iconUrl: '/icons/cdi.svg',
        indexPageUrl: '/apps/cdi/',
        openInNewWindow: true,
        learnMorePageUrl: 'https://docs.example.com/cdi',
        needLicense: true,
        localeResourceUrl: '/i18n/cdi',
        trial: { daysLeft: 12 },
      }),
    ).toEqual({
      uniqueName: 'cdi',
      label: 'Data Integration',
      tooltip: 'Move data',
      iconUrl: '/icons/cdi.svg',
      indexPageUrl: '/apps/cdi/',
      openInNewWindow: true,
      learnMorePageUrl: 'https://docs.example.com/cdi',
      needLicense: true,
      localeResourceUrl: '/i18n/cdi',
      trialDaysLeft: 12,
      category,
    });
  });

  it('reads blank texts as absent, only true as true, and only a whole non-negative number of trial days', () => {
    expect(
      read({
        uniqueName: 'cdi',
        label: '  ',
        defaultLabel: '\t',
        description: ' ',
        defaultTooltip: '',
        iconUrl: ' ',
        indexPageUrl: 7,
        openInNewWindow: 'true',
        learnMorePageUrl: ['x'],
        needLicense: 1,
        localeResourceUrl: null,
        trial: { daysLeft: 1.5 },
      }),
    ).toEqual({
      uniqueName: 'cdi',
      label: 'cdi',
      tooltip: '',
      iconUrl: undefined,
      indexPageUrl: undefined,
      openInNewWindow: false,
      learnMorePageUrl: undefined,
      needLicense: false,
      localeResourceUrl: undefined,
      trialDaysLeft: undefined,
      category,
    });
    const days = [0, -1, '3', Number.NaN, Infinity, undefined].map(
      (daysLeft) => read({ uniqueName: 'a', trial: { daysLeft } })?.trialDaysLeft,
    );
    expect(days).toEqual([0, undefined, undefined, undefined, undefined, undefined]);
    expect(read({ uniqueName: 'a', trial: [12] })?.trialDaysLeft).toBeUndefined();
  });

  it('skips a product without a usable uniqueName, and a group without one, reporting each', () => {
    const report: string[] = [];
    const groups = readGroups(
      [
        group('g', [{ uniqueName: '  ' }, { uniqueName: 5 }, 'x', product('ok')]),
        group(' ', [product('b')]),
        7,
      ],
      (message) => report.push(message),
    );
    expect(groups.map((g) => g.products.map((p) => p.uniqueName))).toEqual([['ok']]);
    expect(report).toEqual([
      'Skipped a product without a uniqueName',
      'Skipped a product without a uniqueName',
      'Skipped a product that is not an object',
      'Skipped a registry item that is not a product group',
      'Skipped a registry item that is not an object',
    ]);
  });

  it('[SW-3.3] labels a group by label, then defaultLabel, then its uniqueName', () => {
    const groups = readGroups(
      [
        group('a', [product('x')], { label: 'A' }),
        group('b', [product('x')], { label: ' ', defaultLabel: 'B' }),
        group('c', [product('x')], { label: undefined }),
      ],
      () => {},
    );
    expect(groups.map((g) => [g.label, g.products[0]?.category.label])).toEqual([
      ['A', 'A'],
      ['B', 'B'],
      ['c', 'c'],
    ]);
  });

  it('reads at most 10000 registry items, products of a group and licensed products', () => {
    const many = (n: number, make: (i: number) => unknown) =>
      Array.from({ length: n }, (_, i) => make(i));
    const groups = readGroups(
      many(10_001, (i) => group(`g${i}`, [product('a')])),
      () => {},
    );
    expect(groups).toHaveLength(10_000);
    expect(groups.at(-1)?.uniqueName).toBe('g9999');
    const [big] = readGroups(
      [
        group(
          'g',
          many(10_001, (i) => product(`p${i}`)),
        ),
      ],
      () => {},
    );
    expect(big?.products).toHaveLength(10_000);
    const data = readProductData(
      { licensedProducts: many(10_001, (i) => `p${i}`), userProducts: [], allProducts: [] },
      () => {},
    );
    expect(data.licensedProducts.size).toBe(10_000);
    expect(data.licensedProducts.has('p10000')).toBe(false);
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
      expect(() => readProductData(answer, () => {})).toThrow(
        new MalformedProductsError(
          'The product fetch answered with something that is not an object.',
        ),
      );
    }
  });

  it('reads a licence list or a group product list that is not a list as empty, reporting nothing', () => {
    const reports: unknown[] = [];
    const data = readProductData(
      {
        licensedProducts: 'a',
        userProducts: [group('g', 'not a list' as unknown as unknown[])],
        allProducts: [group('h', [product('a')])],
      },
      (...args) => reports.push(args),
    );
    expect(data.licensedProducts).toEqual(new Set());
    expect(data.userGroups).toEqual([]);
    expect(data.allGroups.map((g) => g.uniqueName)).toEqual(['h']);
    expect(reports).toEqual([]);
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
