import { describe, expect, it, vi } from 'vitest';
import { firstCards, flatten, sortGroups } from './ordering.ts';
import { readGroups } from './products.ts';

const groups = readGroups(
  [
    {
      uniqueName: 'common.group',
      productRegistryItemType: 'productGroup',
      label: 'Aardvark common',
      products: [
        { uniqueName: 'm', label: 'Monitor' },
        { uniqueName: 'a', label: 'Administrator' },
      ],
    },
    {
      uniqueName: 'z.group',
      productRegistryItemType: 'productGroup',
      label: 'Zeta',
      products: [
        { uniqueName: 'z2', label: 'zulu' },
        { uniqueName: 'z1', label: 'Alpha' },
      ],
    },
    {
      uniqueName: 'b.group',
      productRegistryItemType: 'productGroup',
      label: 'Beta',
      products: [
        { uniqueName: 'b1', label: 'Échange' },
        { uniqueName: 'b2', label: 'Ecole' },
        { uniqueName: 'b3', label: 'Fax' },
      ],
    },
  ],
  () => {},
);

describe('given product groups', () => {
  it('[SW-2.14] orders categories by label with common.group after all others, and products by label within', () => {
    const sorted = sortGroups(groups, 'en');
    expect(sorted.map((g) => g.uniqueName)).toEqual(['b.group', 'z.group', 'common.group']);
    expect(sorted[1]?.products.map((p) => p.label)).toEqual(['Alpha', 'zulu']);
    expect(sorted[2]?.products.map((p) => p.label)).toEqual(['Administrator', 'Monitor']);
  });

  it('[SW-2.14] sorts labels with the display language’s collation, not by code point', () => {
    const beta = sortGroups(groups, 'fr').find((g) => g.uniqueName === 'b.group');
    expect(beta?.products.map((p) => p.label)).toEqual(['Échange', 'Ecole', 'Fax']);
  });

  it('[SW-2.14] puts common.group last whatever the order the groups arrive in', () => {
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) {
      const shuffled = order.flatMap((i) => groups.slice(i, i + 1));
      expect(sortGroups(shuffled, 'en').map((g) => g.uniqueName)).toEqual([
        'b.group',
        'z.group',
        'common.group',
      ]);
    }
  });

  it('[SW-2.14] compares numbers by value, ignores case (keeping the given order of equal labels) and reads zh_CN', () => {
    const [plans] = readGroups(
      [
        {
          uniqueName: 'p.group',
          productRegistryItemType: 'productGroup',
          label: 'Plans',
          products: [
            { uniqueName: 'p10', label: 'Plan 10' },
            { uniqueName: 'upper', label: 'Plan B' },
            { uniqueName: 'p9', label: 'Plan 9' },
            { uniqueName: 'lower', label: 'plan b' },
          ],
        },
      ],
      () => {},
    );
    const order = (locale: string) =>
      sortGroups(plans ? [plans] : [], locale)[0]?.products.map((p) => p.uniqueName);
    expect(order('en')).toEqual(['p9', 'p10', 'upper', 'lower']);
    expect(order('zh_CN')).toEqual(['p9', 'p10', 'upper', 'lower']);
  });

  it('creates one collator per language and page: later sorts in that language create none', () => {
    const created = vi.spyOn(Intl, 'Collator');
    try {
      const first = sortGroups(groups, 'nl').map((g) => g.uniqueName);
      sortGroups(groups, 'nl');
      sortGroups(groups, 'nl');
      expect(created).toHaveBeenCalledTimes(1);
      expect(first).toEqual(['b.group', 'z.group', 'common.group']);
    } finally {
      created.mockRestore();
    }
  });

  it('[SW-2.10] flattens the groups into one list in category order', () => {
    expect(flatten(sortGroups(groups, 'en')).map((p) => p.uniqueName)).toEqual([
      'b1',
      'b2',
      'b3',
      'z1',
      'z2',
      'a',
      'm',
    ]);
  });

  describe('firstCards, the cards of the first screens', () => {
    const sorted = sortGroups(groups, 'en'); // Beta 3, Zeta 2, Aardvark common 2
    const views = { user: flatten(sorted), all: sorted, extra: 'kept' };
    const names = (v: typeof views) => ({
      user: v.user.map((p) => p.uniqueName),
      all: v.all.map((g) => [g.uniqueName, g.products.map((p) => p.uniqueName)]),
    });

    it('keeps the first products in order: My Services cut, the last group kept cut and later groups left out', () => {
      const first = firstCards(views, 4);
      expect(names(first)).toEqual({
        user: ['b1', 'b2', 'b3', 'z1'],
        all: [
          ['b.group', ['b1', 'b2', 'b3']],
          ['z.group', ['z1']],
        ],
      });
      expect(first.extra).toBe('kept');
    });

    it('leaves out the groups after the limit when it falls at the end of a group', () => {
      expect(names(firstCards(views, 3)).all).toEqual([['b.group', ['b1', 'b2', 'b3']]]);
      expect(names(firstCards(views, 5)).all.map(([name]) => name)).toEqual(['b.group', 'z.group']);
    });

    it('returns the same object when every card of both views fits, and cuts the view that does not fit', () => {
      expect(firstCards(views, 7)).toBe(views);
      expect(firstCards(views, 100)).toBe(views);
      // My Services fits but All Services does not, and the other way round.
      const short = firstCards({ ...views, user: views.user.slice(0, 2) }, 4);
      expect(names(short).user).toEqual(['b1', 'b2']);
      expect(names(short).all.flatMap(([, products]) => products)).toHaveLength(4);
      expect(
        names(firstCards({ ...views, user: [...views.user, ...views.user] }, 7)).user,
      ).toHaveLength(7);
    });
  });
});
