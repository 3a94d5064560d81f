import { describe, expect, it } from 'vitest';
import { rewriteCookie, rewriteLocation } from './rewrite.ts';

const base = new URL('https://platform.example.com/eu');

describe('given an upstream cookie for the emulator’s origin', () => {
  it('drops the Domain, takes the base path off Path and keeps the other attributes', () => {
    expect(
      rewriteCookie(
        'ICS_SESSION=abc; Domain=.example.com; Path=/eu/identity-service; HttpOnly; SameSite=Lax; Secure',
        base,
        false,
      ),
    ).toBe('ICS_SESSION=abc; Path=/identity-service; HttpOnly; SameSite=Lax; Secure');
  });

  it('drops Secure on plain HTTP, and SameSite=None (which needs Secure) becomes Lax', () => {
    expect(rewriteCookie('a=1; Path=/eu; Secure; SameSite=None', base, true)).toBe(
      'a=1; Path=/; SameSite=Lax',
    );
  });

  it('keeps a Path outside the base path as it is', () => {
    expect(rewriteCookie('a=1; path=/other', base, true)).toBe('a=1; Path=/other');
  });
});

describe('given an upstream redirect', () => {
  it('turns one to the upstream’s own origin into the same path on the emulator', () => {
    expect(rewriteLocation('https://platform.example.com/eu/demo/?x=1#top', base)).toBe(
      '/demo/?x=1#top',
    );
    expect(rewriteLocation('/eu/identity-service/home', base)).toBe('/identity-service/home');
  });

  it('keeps one to another origin, another scheme or a relative path', () => {
    expect(rewriteLocation('https://sso.example.com/login', base)).toBe(
      'https://sso.example.com/login',
    );
    expect(rewriteLocation('http://platform.example.com/eu/x', base)).toBe(
      'http://platform.example.com/eu/x',
    );
    expect(rewriteLocation('next', base)).toBe('next');
  });
});

describe('given an upstream redirect to its own origin whose path starts with more than one slash', () => {
  // The 7 spellings of issue 56 (R6-3) on an upstream with a base path; the 5 absolute ones on
  // one without (there `//attacker.test/x` alone is the upstream's own redirect elsewhere).
  const spellings = (up: string) => [
    `${up}//attacker.test/x`,
    `${up}/\\attacker.test/x`,
    `${up}\\\\attacker.test/x`,
    `${up}///attacker.test/x`,
    `${up}/\t/attacker.test/x`,
    '/eu//attacker.test/x',
    '/eu/\\attacker.test/x',
  ];

  it.each([
    ['https://platform.example.com/eu', 7],
    ['https://platform.example.com', 5],
  ])(
    'rewrites each spelling under %s (%i) to a path on the emulator, never //host or /\\host',
    (up, count) => {
      const upstream = new URL(up);
      for (const location of spellings(up).slice(0, count)) {
        const rewritten = rewriteLocation(location, upstream);
        expect(rewritten, location).not.toMatch(/^[/\\][/\\]/);
        expect(new URL(rewritten, 'http://127.0.0.1:4173/here').origin, location).toBe(
          'http://127.0.0.1:4173',
        );
        expect(rewritten, location).toBe('/attacker.test/x');
      }
    },
  );
});
