import { describe, expect, it } from 'vitest';
import {
  MAX_COPY_ENTITIES,
  MAX_ENTITY_ACCESS_ROWS,
  nameKey,
  namesConflict,
  validateCopySize,
  validateDescription,
  validateEntityAccessSize,
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

  it('accepts characters beyond the BMP (a surrogate pair) and refuses half of one, as the schema does', () => {
    expect(validateRepositoryName('Sales 📈')).toBeUndefined();
    expect(validateRepositoryName('𠜎 report')).toBeUndefined();
    expect(validateRepositoryName('Sales \ud83d')).toBe(
      'The name must not contain "/", "\\" or control characters.',
    );
    expect(validateRepositoryName('\udcc8 x')).toBeDefined();
  });

  it('refuses backslashes, trailing spaces and every control character, and accepts ordinary punctuation', () => {
    const refused = ['a\\b', 'x ', '\tx', 'a\u0000b', 'a\nb', 'a\u001fb', 'a\u007fb'];
    for (const name of refused)
      expect(validateRepositoryName(name), JSON.stringify(name)).toBeDefined();
    const accepted = ['a b', 'a-b_c.d (2)', 'Ünïcödé', 'a\u0080b', '1'];
    for (const name of accepted) expect(validateRepositoryName(name), name).toBeUndefined();
    expect(validateRepositoryName('x ')).toBe('The name must not start or end with spaces.');
    expect(validateRepositoryName('a\u007fb')).toBe(
      'The name must not contain "/", "\\" or control characters.',
    );
  });

  it('[PC-5.1] counts characters, not UTF-16 units: 255 emoji are a valid name', () => {
    expect(validateRepositoryName('😀'.repeat(255))).toBeUndefined();
    expect(validateRepositoryName('😀'.repeat(256))).toBe(
      'The name must be at most 255 characters; it has 256.',
    );
    expect(validateDescription('😀'.repeat(4000))).toBeUndefined();
    expect(validateDescription(42)).toBe('The description must be text.');
  });

  it('[PC-5.2] compares names case-insensitively, and only entities of the same type conflict', () => {
    expect(nameKey('Sales')).toBe(nameKey('SALES'));
    // A composed and a decomposed é are one name.
    expect(nameKey('Caf\u00e9')).toBe(nameKey('Cafe\u0301'));
    expect(nameKey('Sales')).toBe('sales');
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

describe('given the size of an UpdateEntityAccess', () => {
  it('accepts 2,000 ACL rows (ids × entries) in any shape and refuses 2,001 and more, naming the limit and the count', () => {
    expect(MAX_ENTITY_ACCESS_ROWS).toBe(2000);
    expect(validateEntityAccessSize(40, 50)).toBeUndefined();
    expect(validateEntityAccessSize(100, 20)).toBeUndefined();
    expect(validateEntityAccessSize(2000, 1)).toBeUndefined();
    expect(validateEntityAccessSize(41, 50)).toBe(
      'At most 2000 ACL rows (ids × entries) per request; this one asks for 2050 (41 × 50). ' +
        'Send the ids in several requests.',
    );
    expect(validateEntityAccessSize(2001, 1)).toMatch(/asks for 2001 \(2001 × 1\)/);
    expect(validateEntityAccessSize(1, 2001)).toMatch(/asks for 2001 \(1 × 2001\)/);
  });
});

describe('given the size of a copy', () => {
  it('accepts 2,000 entities written and refuses 2,001 and more, naming the limit', () => {
    expect(MAX_COPY_ENTITIES).toBe(2000);
    expect(validateCopySize(0)).toBeUndefined();
    expect(validateCopySize(2000)).toBeUndefined();
    expect(validateCopySize(2001)).toBe(
      'At most 2000 entities (the sources and everything under them) per copy; this one copies ' +
        'more. Copy the folders in several requests.',
    );
    expect(validateCopySize(1_000_000)).toBe(validateCopySize(2001));
  });
});
