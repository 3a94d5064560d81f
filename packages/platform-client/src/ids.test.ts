import { describe, expect, it } from 'vitest';
import { generateId } from './ids.ts';

describe('given generated ids', () => {
  it('[PC-9.6] are 15 characters drawn from the cryptographic source', () => {
    let calls = 0;
    const id = generateId((array) => {
      calls++;
      return crypto.getRandomValues(array);
    });
    expect(id).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(calls).toBeGreaterThan(0);
  });

  it('differ from one another', () => {
    const ids = new Set(
      Array.from({ length: 1000 }, () => generateId((a) => crypto.getRandomValues(a))),
    );
    expect(ids.size).toBe(1000);
  });

  it('follow the random source, so a fixed source gives a fixed id', () => {
    expect(generateId((a) => a.fill(0))).toBe('AAAAAAAAAAAAAAA');
  });
});
