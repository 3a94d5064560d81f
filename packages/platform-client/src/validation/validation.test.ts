import { describe, expect, it } from 'vitest';
import { singlePreference } from './index.ts';

describe('given preferences of one key', () => {
  it('[PC-5.6] expects 0 or 1 preference per key and logs more as an error', () => {
    const errors: unknown[] = [];
    const log = { error: (message: unknown) => errors.push(message) };
    const key = 'ProductSwitcher.defaultService';
    expect(singlePreference([], key, log)).toBeUndefined();
    expect(singlePreference([{ fullyQualifiedName: key, value: 'cdi' }], key, log)?.value).toBe(
      'cdi',
    );
    expect(errors).toEqual([]);
    const two = [
      { fullyQualifiedName: key, value: 'cdi' },
      { fullyQualifiedName: key, value: 'cdq' },
    ];
    expect(singlePreference(two, key, log)?.value).toBe('cdi');
    expect(errors).toEqual([`Expected at most one preference '${key}', found 2; using the first.`]);
  });

  it('[PC-5.6] picks the key’s preference among other keys’, and counts only the key’s', () => {
    const errors: unknown[] = [];
    const log = { error: (message: unknown) => errors.push(message) };
    const key = 'ProductSwitcher.defaultService';
    const mixed = [
      { fullyQualifiedName: 'Other.key', value: 'x' },
      { fullyQualifiedName: key, value: 'cdq' },
      { fullyQualifiedName: 'Another.key', value: 'y' },
    ];
    expect(singlePreference(mixed, key, log)?.value).toBe('cdq');
    expect(singlePreference(mixed, 'Missing.key', log)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
