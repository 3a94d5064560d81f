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
