import { describe, expect, it } from 'vitest';
import {
  hasNameConflict,
  sameObjectName,
  singlePreference,
  validateRepositoryObject,
} from './index.ts';

describe('given repository objects', () => {
  it('[PC-5.1] allows names of up to 255 characters and descriptions of up to 4000', () => {
    expect(
      validateRepositoryObject({ name: 'n'.repeat(255), description: 'd'.repeat(4000) }),
    ).toEqual([]);
    expect(validateRepositoryObject({ name: 'n'.repeat(256) })).toEqual([
      'name must be at most 255 characters',
    ]);
    expect(validateRepositoryObject({ name: 'ok', description: 'd'.repeat(4001) })).toEqual([
      'description must be at most 4000 characters',
    ]);
    expect(validateRepositoryObject({ name: '' })).toEqual(['name must be a non-empty string']);
    expect(validateRepositoryObject({ name: 5, description: 7 })).toHaveLength(2);
  });

  it('[PC-5.2] compares project and folder names case-insensitively; a conflict needs the same name and type', () => {
    expect(sameObjectName('Sales Data', 'sales DATA')).toBe(true);
    const siblings = [{ name: 'Sales', documentType: 'Folder' }];
    expect(hasNameConflict(siblings, { name: 'SALES', documentType: 'Folder' })).toBe(true);
    expect(hasNameConflict(siblings, { name: 'SALES', documentType: 'Project' })).toBe(false);
    expect(hasNameConflict(siblings, { name: 'Sales 2', documentType: 'Folder' })).toBe(false);
  });
});

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
    expect(errors).toEqual([`Expected at most one preference '${key}', found 2.`]);
  });
});
