import { describe, expect, it } from 'vitest';
import {
  nameKey,
  namesConflict,
  validateDescription,
  validateRepositoryName,
} from './repositoryRules.ts';

describe('given the repository naming rules', () => {
  it('[PC-5.1] accepts a name of 255 characters and refuses one of 256', () => {
    expect(validateRepositoryName('a'.repeat(255))).toBeUndefined();
    expect(validateRepositoryName('a'.repeat(256))).toMatch(/at most 255 characters; it has 256/);
  });

  it('[PC-5.1] accepts a description of 4000 characters and refuses one of 4001', () => {
    expect(validateDescription('d'.repeat(4000))).toBeUndefined();
    expect(validateDescription(undefined)).toBeUndefined();
    expect(validateDescription('d'.repeat(4001))).toMatch(/at most 4000 characters; it has 4001/);
  });

  it('refuses blank names, padded names and names with path separators', () => {
    expect(validateRepositoryName('')).toMatch(/empty/);
    expect(validateRepositoryName('   ')).toMatch(/empty/);
    expect(validateRepositoryName(' x')).toMatch(/spaces/);
    expect(validateRepositoryName('a/b')).toMatch(/"\/"/);
    expect(validateRepositoryName(42)).toMatch(/empty/);
  });

  it('[PC-5.2] compares names case-insensitively, and only entities of the same type conflict', () => {
    expect(nameKey('Sales')).toBe(nameKey('SALES'));
    expect(
      namesConflict(
        { name: 'Sales', documentType: 'Folder' },
        { name: 'sALES', documentType: 'Folder' },
      ),
    ).toBe(true);
    expect(
      namesConflict(
        { name: 'Sales', documentType: 'Folder' },
        { name: 'Sales', documentType: 'MAPPING' },
      ),
    ).toBe(false);
    expect(
      namesConflict(
        { name: 'Sales', documentType: 'Project' },
        { name: 'Sales 2', documentType: 'Project' },
      ),
    ).toBe(false);
  });
});
