import { describe, expect, it } from 'vitest';
import { chunk } from './chunk.ts';

describe('given a lazily loaded chunk', () => {
  it('requests it once, keeps it once it has arrived, and asks again only after a failure', async () => {
    const outcomes = [new Error('offline'), 'code'];
    let requests = 0;
    const code = chunk(async () => {
      const outcome = outcomes[requests++];
      if (outcome instanceof Error) throw outcome;
      return outcome;
    });
    expect(code.loaded).toBeUndefined();
    const [first, second] = [code.load(), code.load()];
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');
    expect(requests).toBe(1);
    expect(code.loaded).toBeUndefined();
    await expect(code.load()).resolves.toBe('code');
    await expect(code.load()).resolves.toBe('code');
    expect(requests).toBe(2);
    expect(code.loaded).toBe('code');
  });
});
