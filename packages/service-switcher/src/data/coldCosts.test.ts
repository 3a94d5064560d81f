import { afterEach, describe, expect, it, vi } from 'vitest';
import { labelCollator } from '../model/collation.ts';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { payColdCosts } from './coldCosts.ts';
import { PRODUCT_CACHE_KEY } from './sessionStore.ts';

describe('the page’s once-only costs, paid ahead of the first display', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates the locale’s collator ahead: the sorts’ collator is that one, and none is created after', () => {
    const created = vi.spyOn(Intl, 'Collator');
    payColdCosts('ko', memoryStorage());
    expect(created).toHaveBeenCalledTimes(1);
    const collator = labelCollator('ko');
    expect(created).toHaveBeenCalledTimes(1);
    expect(collator.resolvedOptions()).toMatchObject({ sensitivity: 'base', numeric: true });
    expect(['Beta', 'alpha'].sort(collator.compare)).toEqual(['alpha', 'Beta']);
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
