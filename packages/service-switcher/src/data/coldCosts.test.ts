import { afterEach, describe, expect, it, vi } from 'vitest';
import { sortGroups } from '../model/ordering.ts';
import { readGroups } from '../model/products.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { payColdCosts } from './coldCosts.ts';
import { PRODUCT_CACHE_KEY } from './sessionStore.ts';

const groups = readGroups(
  [
    {
      uniqueName: 'g',
      productRegistryItemType: 'productGroup',
      label: 'Group',
      products: [
        { uniqueName: 'b', label: 'Beta' },
        { uniqueName: 'a', label: 'alpha' },
      ],
    },
  ],
  () => {},
);

describe('the page’s once-only costs, paid ahead of the first display', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates the locale’s collator ahead: the first sort after it creates none and sorts as before', () => {
    const created = vi.spyOn(Intl, 'Collator');
    payColdCosts('ko', memoryStorage());
    expect(created).toHaveBeenCalledTimes(1);
    const sorted = sortGroups(groups, 'ko');
    expect(created).toHaveBeenCalledTimes(1);
    expect(sorted[0]?.products.map((p) => p.uniqueName)).toEqual(['a', 'b']);
  });

  it('reads the storage once (the kept answer’s key) and writes nothing', () => {
    const storage = memoryStorage();
    const read = vi.spyOn(storage, 'getItem');
    const written = vi.spyOn(storage, 'setItem');
    payColdCosts('en', storage);
    expect(read.mock.calls).toEqual([[PRODUCT_CACHE_KEY]]);
    expect(written).not.toHaveBeenCalled();
  });

  it('costs nothing where the storage is missing or throws', () => {
    const throwing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => payColdCosts('de', throwing)).not.toThrow();
    expect(() => payColdCosts('de', undefined)).not.toThrow();
  });
});
