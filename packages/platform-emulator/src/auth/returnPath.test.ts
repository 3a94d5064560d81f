import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../testing/signIn.ts';
import { safeReturnPath } from './returnPath.ts';

describe('given a sign-in return path', () => {
  it('keeps a same-origin path with its query and fragment', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/app/orders?id=7&tab=a#top')).toBe('/app/orders?id=7&tab=a#top');
    expect(safeReturnPath('/app/a%20b')).toBe('/app/a%20b');
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
    ['a relative path', 'app/page'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['an empty string', ''],
    ['a non-string', ['/a', '/b']],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });
});

describe('given the login page with a return path', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory' });
  });
  afterAll(() => emulator.close());

  it('sends the browser back to that path after sign-in', async () => {
    const home = `/identity-service/home?returnTo=${encodeURIComponent('/my-app/?view=all')}`;
    const { login } = await signInWithInject(emulator.app, 'usr-ada-0000001', home);
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/my-app/?view=all');
  });

  it('sends the browser to the demo when the return path leaves the origin', async () => {
    const home = `/identity-service/home?returnTo=${encodeURIComponent('//evil.example/')}`;
    const page = await emulator.app.inject({ url: home });
    expect(page.body).not.toContain('evil.example');
    const { login } = await signInWithInject(emulator.app, 'usr-ada-0000001', home);
    expect(login.headers.location).toBe('/demo/');
  });

  it('ignores a return path forged into the form post', async () => {
    const page = await emulator.app.inject({ url: '/identity-service/home' });
    const token = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const cookie = page.cookies.find((c) => c.name === 'ICS_LOGIN_XSRF')?.value ?? '';
    const login = await emulator.app.inject({
      method: 'POST',
      url: '/identity-service/login',
      cookies: { ICS_LOGIN_XSRF: cookie },
      payload: new URLSearchParams({
        persona: 'usr-ada-0000001',
        xsrf: token,
        returnTo: '/\\evil.example',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/demo/');
  });
});
