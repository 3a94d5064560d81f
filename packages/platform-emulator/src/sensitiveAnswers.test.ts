import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { REDACTED, redactUrl } from './redaction.ts';
import { signInWithInject } from './test-support/signIn.ts';
import { seededSnapshot } from './snapshot.ts';

const TOKEN_URL = '/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=n';

// One emulator that trusts no proxy and logs every request, one that trusts loopback proxies.
let emulator: Emulator;
let trusting: Emulator;
const lines: string[] = [];
beforeAll(async () => {
  [emulator, trusting] = await Promise.all([
    createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      logLevel: 'info',
      logDestination: { write: (line) => void lines.push(line) },
    }),
    createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      trustProxy: 'loopback',
    }),
  ]);
});
afterAll(() => Promise.all([emulator.close(), trusting.close()]));

describe('given answers that carry a person’s data or a secret', () => {
  let ada: Awaited<ReturnType<typeof signInWithInject>>;
  beforeAll(async () => {
    ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
  });

  const asAda = (url: string) => emulator.app.inject({ url, cookies: ada.cookies });

  it.each([
    ['the session’s user', '/session-service/api/v1/session/User'],
    ['the user profile', '/identity-service/api/v1/UserProfile'],
  ])('forbids every cache to keep %s (Cache-Control: no-store)', async (_what, url) => {
    const answer = await asAda(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('forbids every cache to keep a JWT answer', async () => {
    const answer = await asAda(`${TOKEN_URL}&access_code=${ada.xsrf.value}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveProperty('jwt_token');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public shell config cacheable (no no-store)', async () => {
    const answer = await emulator.app.inject({ url: '/shell-service/api/v1/config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBeUndefined();
  });

  it('forbids every cache to keep the sign-in page, which carries a login token', async () => {
    const page = await emulator.app.inject({ url: '/identity-service/home' });
    expect(page.body).toContain('name="xsrf"');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('forbids every cache to keep the sign-out page, which embeds the session’s XSRF token', async () => {
    const page = await emulator.app.inject({
      url: '/identity-service/logout',
      cookies: ada.cookies,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(page.body).toContain(ada.xsrf.value);
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('logs the jwt/Token and sign-out URLs with their secret values redacted', async () => {
    await asAda(`${TOKEN_URL}&access_code=${ada.xsrf.value}`);
    await emulator.app.inject({
      url: `/identity-service/logout?xsrf=${encodeURIComponent(ada.xsrf.value)}`,
      cookies: ada.cookies,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const log = lines.join('');
    expect(log).toContain(`access_code=${REDACTED}`);
    expect(log).toContain(`xsrf=${REDACTED}`);
    expect(log).toContain('client_id=cdlg_app');
    expect(log).not.toContain(ada.xsrf.value);
    expect(log).not.toContain(encodeURIComponent(ada.xsrf.value));
  });
});

describe('given a URL on its way to the log', () => {
  it('replaces the values of secret query keys, whatever their case or encoding', () => {
    expect(redactUrl('/a?access_code=s1&x=1&XSRF=s2&%74oken=s3#frag')).toBe(
      `/a?access_code=${REDACTED}&x=1&XSRF=${REDACTED}&%74oken=${REDACTED}#frag`,
    );
  });

  it('keeps a URL without secrets as it came, malformed encoding included', () => {
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a?flag&b=%E0%A4%A&c=')).toBe('/a?flag&b=%E0%A4%A&c=');
  });
});

describe('given the emulator behind a TLS proxy', () => {
  /** Signs Ada in through the login form with the given headers on both requests. */
  const signIn = async (emulator: Emulator, headers: Record<string, string>) => {
    const page = await emulator.app.inject({ url: '/identity-service/home', headers });
    const token = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const loginCookie = page.cookies.find((c) => c.name === 'ICS_LOGIN_XSRF');
    const login = await emulator.app.inject({
      method: 'POST',
      url: '/identity-service/login',
      cookies: { ICS_LOGIN_XSRF: loginCookie?.value ?? '' },
      payload: new URLSearchParams({ persona: 'usr-ada-0000001', xsrf: token }).toString(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(303);
    return [loginCookie, ...login.cookies.filter((c) => c.value !== '')];
  };

  it('marks the login, session and XSRF cookies Secure when a trusted proxy says https', async () => {
    const cookies = await signIn(trusting, { 'x-forwarded-proto': 'https' });
    expect(cookies.map((c) => c?.name)).toEqual(['ICS_LOGIN_XSRF', 'ICS_SESSION', 'XSRF-TOKEN']);
    for (const cookie of cookies) expect(cookie?.secure).toBe(true);
  });

  it('leaves the cookies without Secure on plain HTTP through the trusted proxy', async () => {
    const cookies = await signIn(trusting, { 'x-forwarded-proto': 'http' });
    for (const cookie of cookies) expect(cookie?.secure).toBeFalsy();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const cookies = await signIn(emulator, { 'x-forwarded-proto': 'https' });
    expect(cookies).toHaveLength(3);
    for (const cookie of cookies) expect(cookie?.secure).toBeFalsy();
  });
});
