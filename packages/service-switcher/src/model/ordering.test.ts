import { describe, expect, it } from 'vitest';
import { flatten, sortGroups } from './ordering.ts';
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
});
