import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnder, normalisePath, normaliseUrl } from './requestPath.ts';

describe('normalisePath', () => {
  it.each([
    ['/__emulator/%61pi/states/reset', '/__emulator/api/states/reset'],
    ['/%5F_emulator/api', '/__emulator/api'],
    ['/%5f_emulator/api', '/__emulator/api'],
    ['/__%65mulator/api', '/__emulator/api'],
    ['/a/./b', '/a/b'],
    ['/a/../b', '/b'],
    ['/a/%2e%2e/b', '/b'],
    ['/a/%2E/b', '/a/b'],
    ['/a//b///c', '/a/b/c'],
    ['/a\\..\\b', '/b'],
    ['/../../x', '/x'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/', '/'],
    ['/a/', '/a/'],
    ['/Users(usr-ada%2D0000001)', '/Users(usr-ada-0000001)'],
  ])('normalises %s to %s', (given, expected) => {
    expect(normalisePath(given)).toBe(expected);
  });

  it('keeps escapes of reserved characters, in capitals, so an encoded slash never splits a segment', () => {
    expect(normalisePath('/a%2fb/%3a%20%25')).toBe('/a%2Fb/%3A%20%25');
    expect(normalisePath('/a/..%2f..%2fb')).toBe('/a/..%2F..%2Fb');
  });

  it('decodes once: a doubly encoded dot stays encoded', () => {
    expect(normalisePath('/a/%252e%252e/b')).toBe('/a/%252e%252e/b');
  });

  it('has no normal form for a malformed escape', () => {
    for (const path of ['/a%', '/a%2', '/a%zz', '/%G0'])
      expect(normalisePath(path)).toBeUndefined();
  });

  it('is idempotent and leaves no dot segment, doubled slash or backslash', () => {
    const piece = fc.constantFrom('a', 'b', '.', '..', '%2e', '%2E%2e', '', '\\', '%5F', '%2F');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const once = normalisePath(`/${pieces.join('/')}`) ?? '';
        expect(normalisePath(once)).toBe(once);
        expect(once).not.toMatch(/\/\.\.?(\/|$)|\/\/|\\/);
      }),
    );
  });
});

describe('normaliseUrl', () => {
  it('normalises the path and leaves the query as sent', () => {
    expect(normaliseUrl('/a/../%62?x=/../%61')).toBe('/b?x=/../%61');
  });

  it('leaves a target that is not a path, and one with a malformed escape, as given', () => {
    expect(normaliseUrl('*')).toBe('*');
    expect(normaliseUrl('http://host/a/../b')).toBe('http://host/a/../b');
    expect(normaliseUrl('/a/%zz/../b')).toBe('/a/%zz/../b');
  });
});

describe('isUnder', () => {
  it('matches whole segments', () => {
    expect(isUnder('/identity-service', '/identity-service')).toBe(true);
    expect(isUnder('/identity-service/home', '/identity-service')).toBe(true);
    expect(isUnder('/identity-serviceX/home', '/identity-service')).toBe(false);
    expect(isUnder('/a/b', '/a/')).toBe(true);
  });
});
