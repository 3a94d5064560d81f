import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './returnPath.ts';

describe('sameOriginPath', () => {
  it.each([
    ['/app/deep/link.html', '/app/deep/link.html'],
    ['/app/page?x=1&y=%2F#part', '/app/page?x=1&y=%2F#part'],
    ['/a/./b/../c', '/a/c'],
    ['/%7Euser/', '/%7Euser/'],
  ])('keeps the same-origin path %s as %s', (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '\\/evil.example/',
    '/.//evil.example/',
    '/..//evil.example/',
    '/%2e//evil.example/',
    '/%2E%2E//evil.example/',
    '/%2fevil.example/',
    '/%252f%252fevil.example/',
    '/%5cevil.example/',
    '/\tevil',
    '/\n/evil.example',
    '/%0a/evil',
    '/%E0%A4%A',
    '/%25252525252f',
    'app/page',
    '',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (input) => {
    expect(sameOriginPath(input)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['/a'], { toString: () => '/a' }]) {
      expect(sameOriginPath(value)).toBeUndefined();
    }
  });

  it('accepts nothing that the WHATWG URL parser resolves to another origin or to another path', () => {
    const piece = fc.constantFrom(
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '\\',
      '@',
      ':',
      'evil',
      '%',
      '25',
      '?',
      '#',
      '\t',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (parts) => {
        const input = parts.join('');
        const path = sameOriginPath(input);
        if (path === undefined) return;
        for (const base of ['https://app.example', 'http://127.0.0.1:8080/x/y']) {
          const resolved = new URL(path, base);
          expect(resolved.origin).toBe(new URL(base).origin);
          expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(path);
        }
        // the path is its own normal form: checking it again keeps it
        expect(sameOriginPath(path)).toBe(path);
      }),
      { numRuns: 3000 },
    );
  });
});
