import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing/memoryStorage.ts';
import { readCachedAnswer, writeCachedAnswer } from './productCache.ts';

describe('the kept product answer', () => {
  it('is written in a later task than the one that keeps it, not on the path to the cards’ frame', async () => {
    const storage = memoryStorage();
    const owner = { user: 'usr-1', org: 'org-1' };
    writeCachedAnswer(storage, owner, 'en', '{"licensedProducts":[]}');
    await Promise.resolve();
    expect(storage.length).toBe(0);
    await vi.waitFor(() =>
      expect(readCachedAnswer(storage, owner, 'en')).toBe('{"licensedProducts":[]}'),
    );
  });
});
