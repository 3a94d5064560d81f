import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safeUrl.ts';

const base = 'https://app.example.com/demo/';

describe('given an address from the server', () => {
  it('lets http and https through, resolved against the page', () => {
    expect(safeHttpUrl('/apps/cdi/', base)).toBe('https://app.example.com/apps/cdi/');
    expect(safeHttpUrl('http://x.example/', base)).toBe('http://x.example/');
  });

  it('refuses a missing or non-string address instead of resolving its text against the page', () => {
    for (const raw of [undefined, null, 42, { href: base }]) {
      expect(safeHttpUrl(raw as string | undefined, base)).toBeUndefined();
    }
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' \njavascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    'http://[bad',
  ])('refuses %j', (raw) => {
    expect(safeHttpUrl(raw, base)).toBeUndefined();
  });

  it('never returns anything but an http(s) URL, whatever the string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          // Cheap URLs: fc.webUrl() takes seconds to build, paid again by every mutant.
          fc
            .tuple(
              fc.constantFrom('https:', 'http:', 'ftp:', 'blob:https:'),
              fc.domain(),
              fc.string(),
            )
            .map(([scheme, host, path]) => `${scheme}//${host}/${path}`),
          fc.constantFrom('javascript:', 'data:', 'blob:'),
        ),
        (raw) => {
          const url = safeHttpUrl(raw, base);
          if (url !== undefined) expect(new URL(url).protocol).toMatch(/^https?:$/);
        },
      ),
    );
  });
});
