import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath, signInReturnPath } from './returnPath.ts';

const MAX_RETURN_PATH_LENGTH = 2048;

describe('given a return path', () => {
  it('keeps a same-origin path with its query and fragment', () => {
    expect(sameOriginPath('/')).toBe('/');
    expect(sameOriginPath('/app/orders?id=7&tab=a#top')).toBe('/app/orders?id=7&tab=a#top');
    expect(sameOriginPath('/app/a%20b')).toBe('/app/a%20b');
    expect(sameOriginPath('/app/a b')).toBe('/app/a%20b');
  });

  it('gives the path a browser would resolve, dot segments removed', () => {
    expect(sameOriginPath('/app/./reports/../orders')).toBe('/app/orders');
    expect(sameOriginPath('/app/%2e%2e/home')).toBe('/home');
  });

  it('accepts a path of the longest length and refuses one character more', () => {
    const longest = `/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`;
    expect(sameOriginPath(longest)).toBe(longest);
    expect(sameOriginPath(`${longest}a`)).toBeUndefined();
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash', '/\\evil.example'],
    ['a leading backslash', '\\\\evil.example'],
    ['an encoded slash pair', '/%2F%2Fevil.example'],
    ['an encoded protocol-relative URL', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a doubly encoded backslash', '/%255Cevil.example'],
    ['a control character (tab)', '/\t/evil.example'],
    ['an encoded control character', '/%09/evil.example'],
    ['a delete character', '/\x7f/evil.example'],
    ['a unit separator, the last control character', '/\x1f/evil.example'],
    ['percent-encoding nested five deep', '/%252525252F'],
    ['a relative path', 'app/page'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['an empty string', ''],
    ['a non-string', ['/a', '/b']],
    ['an object that prints as a path', { toString: (): string => '/a' }],
    // Each of these is a path on the input's face and `//evil.example/` once resolved.
    ['a dot segment before a slash pair', '/.//evil.example/'],
    ['a parent segment before a slash pair', '/..//evil.example/'],
    ['an encoded dot segment before a slash pair', '/%2e//evil.example'],
    ['an encoded parent segment before a slash pair', '/%2E%2e//evil.example'],
    ['a dot segment then a backslash', '/./\\evil.example'],
    ['dot segments that climb to a slash pair', '/a/../..//evil.example'],
  ])('refuses %s', (_what, value) => {
    expect(sameOriginPath(value)).toBeUndefined();
  });
});

describe('given any text built from the characters of URL tricks', () => {
  // Slashes, backslashes, dots, percent-encodings of them, scheme and authority characters:
  // the alphabet of every known open-redirect bypass.
  const piece = fc.constantFrom(
    '/',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '%25',
    '%09',
    ':',
    '@',
    'evil.example',
    'a',
  );
  // Half of them start as a path does, where the bypasses live.
  const text = fc
    .tuple(fc.constantFrom('', '/'), fc.array(piece, { maxLength: 10 }))
    .map(([start, pieces]) => start + pieces.join(''));
  const origins = ['https://app.example:8443', 'http://127.0.0.1:4100'];

  it('accepts nothing that the WHATWG URL parser resolves to another origin', () => {
    fc.assert(
      fc.property(text, (value) => {
        const result = sameOriginPath(value);
        if (result === undefined) return;
        for (const origin of origins) {
          // Where a Location header or a link with the result would lead, from a page deep in the app.
          const resolved = new URL(result, `${origin}/some/deep/page`);
          expect(resolved.origin).toBe(origin);
          expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(result);
          expect(new URL(value, `${origin}/`).origin).toBe(origin);
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('gives a result that is itself accepted unchanged', () => {
    fc.assert(
      fc.property(text, (value) => {
        const result = sameOriginPath(value);
        if (result !== undefined) expect(sameOriginPath(result)).toBe(result);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('given a sign-in return path (decision 1000)', () => {
  it('keeps a page: a folder, a name without extension, an .html file, with query and fragment', () => {
    for (const page of ['/demo/', '/app/orders?id=7#top', '/demo/services.html?x=1', '/a/b.HTM'])
      expect(signInReturnPath(page)).toBe(page);
    expect(signInReturnPath('/app/v1.2/orders')).toBe('/app/v1.2/orders');
  });

  it.each([
    ['a hashed script', '/demo/assets/defaultServiceCalls-Ab12Cd34.js'],
    ['anything in an assets folder', '/demo/assets/page.html'],
    ['an assets folder itself', '/demo/assets/'],
    ['an encoded assets folder', '/demo/%61ssets/x'],
    ['an assets folder in capitals', '/demo/ASSETS/x'],
    ['a stylesheet beside the pages', '/demo/host.css'],
    ['an image with a query', '/demo/logo.svg?v=2'],
    ['a script reached through dot segments', '/demo/x/../main.js'],
    ['a script named like a page', '/demo/page.html.js'],
    ['what sameOriginPath refuses', '//evil.example/'],
  ])('refuses %s', (_what, value) => {
    expect(signInReturnPath(value)).toBeUndefined();
  });
});
