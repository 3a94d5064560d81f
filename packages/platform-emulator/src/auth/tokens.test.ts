import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { addUser, signInOverHttp, type HttpPersona } from '../test-support/httpPersona.ts';
import { seededSnapshot } from '../snapshot.ts';

// Tokens and sessions of issue 10: a JWT lives no longer than its session and its user,
// tokens are issued only to configured clients, and signing out cannot be forged by a link.
let emulator: Emulator;
let base: string;
let ada: HttpPersona;
const settings = '/notification-settings-service/api/v1/settings';
const jwt = '/identity-service/api/v1/jwt';

const tokenOf = async (who: HttpPersona) => {
  const answer = await who.call(
    'GET',
    `${jwt}/Token?client_id=cdlg_app&nonce=n0nce&access_code=${who.xsrf}`,
  );
  expect(answer.status).toBe(200);
  return answer.json.jwt_token as string;
};
const settingsWith = (token: string) =>
  fetch(`${base}${settings}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  base = await emulator.listen();
  ada = await signInOverHttp(base, 'usr-ada-0000001');
});
afterAll(() => emulator.close());

describe('given a JWT issued to a session', () => {
  it('is refused with 401 once its session has been signed out', async () => {
    const tia = await signInOverHttp(base, 'usr-tia-0000001');
    const token = await tokenOf(tia);
    expect((await settingsWith(token)).status).toBe(200);
    expect((await tia.call('POST', '/session-service/api/v1/session/logout')).status).toBe(204);
    const after = await settingsWith(token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('INVALID_TOKEN');
  });

  it('is refused with 401 once its user is disabled, and the session does not come back when re-enabled', async () => {
    const lee = await signInOverHttp(base, 'usr-lee-0000001');
    const token = await tokenOf(lee);
    const state = (value: string) =>
      ada.call('PATCH', '/identity-service/api/v1/Users(usr-lee-0000001)', { state: value });
    expect((await state('DISABLED')).status).toBe(200);
    expect((await settingsWith(token)).status).toBe(401);
    expect((await state('ACTIVE')).status).toBe(200);
    expect((await settingsWith(token)).status).toBe(401);
    expect((await lee.call('GET', '/session-service/api/v1/session/User')).status).toBe(401);
  });

  it('is refused with 401 once its user is deleted', async () => {
    const added = await addUser(ada, 'temp.user@acme.example', ['rol-acme-member']);
    const temp = await signInOverHttp(base, added.json.id);
    const token = await tokenOf(temp);
    expect((await settingsWith(token)).status).toBe(200);
    const deleted = await ada.call('POST', '/management-service/api/v1/users/delete', {
      userIds: [added.json.id],
    });
    expect(deleted.status).toBe(201);
    expect((await settingsWith(token)).status).toBe(401);
  });
});

describe('given client ids', () => {
  it.each(['Token', 'Renew2'])(
    '%s issues tokens for configured client ids only (404 naming an unknown one)',
    async (call) => {
      const query = (clientId: string) =>
        `${jwt}/${call}?client_id=${clientId}&nonce=n0nce${call === 'Token' ? `&access_code=${ada.xsrf}` : ''}`;
      const refused = await ada.call('GET', query('evil_app'));
      expect(refused.status).toBe(404);
      expect(refused.json.error.message).toMatch(/client 'evil_app'/);
      for (const known of ['cdlg_app', 'service_switcher']) {
        expect((await ada.call('GET', query(known))).status).toBe(200);
      }
    },
  );
});

describe('given the sign-out address', () => {
  const logout = (who: HttpPersona | undefined, suffix = '', init: RequestInit = {}) =>
    fetch(`${base}/identity-service/logout${suffix}`, {
      redirect: 'manual',
      ...init,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...init.headers },
    });
  const signedIn = async (who: HttpPersona) =>
    (await who.call('GET', '/session-service/api/v1/session/User')).status === 200;

  it('does not sign out a GET without the XSRF token: it asks for confirmation with a form', async () => {
    const nia = await signInOverHttp(base, 'usr-nia-0000001');
    for (const suffix of ['', '?xsrf=wrong']) {
      const page = await logout(nia, suffix);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('method="post"');
      expect(html).toContain(`value="${nia.xsrf}"`);
    }
    expect(await signedIn(nia)).toBe(true);
  });

  it('asks for confirmation when a browser says another site sent it, and signs out its own pages’ navigations', async () => {
    const nia = await signInOverHttp(base, 'usr-nia-0000001');
    const crossSite = await logout(nia, '', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(200);
    expect(await signedIn(nia)).toBe(true);
    const own = await logout(nia, '', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(303);
    expect(await signedIn(nia)).toBe(false);
  });

  it('signs out a GET carrying the XSRF token, and a confirmed POST, returning to the login page', async () => {
    const nia = await signInOverHttp(base, 'usr-nia-0000001');
    const out = await logout(nia, `?xsrf=${nia.xsrf}`);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/identity-service/home');
    expect(await signedIn(nia)).toBe(false);
    const again = await signInOverHttp(base, 'usr-nia-0000001');
    const posted = await logout(again, '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `xsrf=${again.xsrf}`,
    });
    expect(posted.status).toBe(303);
    expect(await signedIn(again)).toBe(false);
  });

  it('passes a same-origin returnTo on to the login page, by GET, by the confirmation form and by POST', async () => {
    const back = '/app/deep/link.html?x=1';
    const expected = `/identity-service/home?returnTo=${encodeURIComponent(back)}`;
    const nia = await signInOverHttp(base, 'usr-nia-0000001');
    const out = await logout(nia, `?xsrf=${nia.xsrf}&returnTo=${encodeURIComponent(back)}`);
    expect(out.headers.get('location')).toBe(expected);
    const again = await signInOverHttp(base, 'usr-nia-0000001');
    const form = await (await logout(again, `?returnTo=${encodeURIComponent(back)}`)).text();
    expect(form).toContain('<input type="hidden" name="returnTo" value="/app/deep/link.html?x=1">');
    const posted = await logout(again, '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `xsrf=${again.xsrf}&returnTo=${encodeURIComponent(back)}`,
    });
    expect(posted.headers.get('location')).toBe(expected);
  });

  it('drops a returnTo that leads to another origin', async () => {
    for (const returnTo of ['//evil.example/', 'https://evil.example/', '/\\evil.example/']) {
      const out = await logout(undefined, `?returnTo=${encodeURIComponent(returnTo)}`);
      expect(out.headers.get('location')).toBe('/identity-service/home');
    }
  });

  it('refuses a POST without the token (403) and leaves the session', async () => {
    const nia = await signInOverHttp(base, 'usr-nia-0000001');
    const posted = await logout(nia, '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'xsrf=nope',
    });
    expect(posted.status).toBe(403);
    expect(await signedIn(nia)).toBe(true);
  });

  it('sends a browser without a session straight to the login page', async () => {
    const out = await logout(undefined);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/identity-service/home');
  });
});
