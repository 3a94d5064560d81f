import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';

/**
 * A sign-in form is "expired" when its hidden token no longer equals the browser's
 * ICS_LOGIN_XSRF cookie: every visit of the sign-in page sets a new cookie (a second tab, a
 * reload elsewhere), signing in clears it (every other tab still shows a form), and a browser
 * restart drops it (a session cookie) while a restored tab keeps the form. A person who then
 * presses a persona gets a page to act on; a script gets the platform's JSON error.
 */
describe('given the emulator over HTTP and a browser with the sign-in page in two tabs', () => {
  let emulator: Emulator;
  let base: string;
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
    base = await emulator.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => emulator.close());

  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const cookieOf = (answer: Response) =>
    /ICS_LOGIN_XSRF=([^;]*)/.exec(answer.headers.getSetCookie().join('\n'))?.[1];
  const hidden = (html: string, name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

  /** Opens the sign-in page: its form's token and the cookie the browser now holds. */
  async function openSignIn(returnTo?: string) {
    const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    const answer = await fetch(`${base}/identity-service/home${query}`);
    const html = await answer.text();
    return { token: hidden(html, 'xsrf') ?? '', cookie: cookieOf(answer) ?? '' };
  }

  /** Presses a persona's button of a form, as the browser posts it. */
  const post = (form: Record<string, string>, cookie: string, accept = BROWSER_ACCEPT) =>
    fetch(`${base}/identity-service/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        accept,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `ICS_LOGIN_XSRF=${cookie}`,
      },
      body: new URLSearchParams(form).toString(),
    });

  it('answers the first tab’s form with a 403 page that says it expired and offers a fresh form that signs in', async () => {
    const first = await openSignIn('/demo/services.html');
    const second = await openSignIn('/demo/services.html');
    // The second visit replaced the cookie: the first tab's form no longer matches it.
    const persona = 'usr-ada-0000001';
    const form = { persona, xsrf: first.token, returnTo: '/demo/services.html' };
    const refused = await post(form, second.cookie);

    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const html = await refused.text();
    expect(html).toMatch(/<title>The sign-in form expired ·/);
    expect(html).toContain('This sign-in form has expired');
    expect(html).toContain('class="name">Ada Admin<');
    expect(html).not.toContain('"error"');
    // The page's own form carries a new token and sets the matching cookie; it signs in and
    // still leads where the first form would have.
    const again = {
      persona,
      xsrf: hidden(html, 'xsrf') ?? '',
      returnTo: hidden(html, 'returnTo') ?? '',
    };
    expect(again.returnTo).toBe('/demo/services.html');
    const login = await post(again, cookieOf(refused) ?? '');
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/demo/services.html');
  });

  it('answers a form posted after sign-in cleared the cookie with the same page', async () => {
    const other = await openSignIn();
    const refused = await post({ persona: 'usr-ada-0000001', xsrf: other.token }, '');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This sign-in form has expired');
  });

  it('answers a form with a persona that does not exist with a 400 page that offers the personas', async () => {
    const tab = await openSignIn();
    const refused = await post({ persona: 'usr-nobody', xsrf: tab.token }, tab.cookie);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await refused.text();
    expect(html).toContain('Choose one of the personas below');
    expect(html).not.toContain('usr-nobody');
    expect(html).toContain('class="name">Nia Newcomer<');
  });

  it.each([
    ['application/json', 'application/json'],
    ['no Accept header', ''],
  ])('answers a client that asks for %s with the platform’s JSON error', async (_name, accept) => {
    const first = await openSignIn();
    const second = await openSignIn();
    const refused = await post(
      { persona: 'usr-ada-0000001', xsrf: first.token },
      second.cookie,
      accept,
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'XSRF', message: expect.stringContaining('expired') },
    });
  });

  it('never echoes a return path that leaves the origin into the fresh form', async () => {
    const tab = await openSignIn();
    const refused = await post(
      { persona: 'usr-ada-0000001', xsrf: 'stale', returnTo: '//evil.example/"><script>' },
      tab.cookie,
    );
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).not.toContain('evil.example');
    expect(hidden(html, 'returnTo')).toBeUndefined();
  });

  /** Signs in as a persona from a fresh sign-in page: the session cookie's value. */
  async function signIn(persona: string) {
    const tab = await openSignIn();
    const login = await post({ persona, xsrf: tab.token }, tab.cookie);
    return /ICS_SESSION=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1] ?? '';
  }

  /** Posts a sign-out confirmation form with the session cookie a browser holds. */
  const postSignOut = (xsrf: string, session: string, accept = BROWSER_ACCEPT) =>
    fetch(`${base}/identity-service/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        accept,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `ICS_SESSION=${session}`,
      },
      body: new URLSearchParams({ xsrf, returnTo: '/demo/' }).toString(),
    });

  it('answers a sign-out form of an earlier sign-in with a 403 page that asks again, whose form signs out', async () => {
    const earlier = await signIn('usr-ada-0000001');
    // Another site's link to sign-out shows the confirmation page, with that session's token.
    const confirm = await fetch(`${base}/identity-service/logout?returnTo=%2Fdemo%2F`, {
      headers: { cookie: `ICS_SESSION=${earlier}`, 'sec-fetch-site': 'cross-site' },
    });
    const stale = hidden(await confirm.text(), 'xsrf') ?? '';
    const now = await signIn('usr-ada-0000001');

    expect((await postSignOut(stale, now, 'application/json')).status).toBe(403);
    const refused = await postSignOut(stale, now);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await refused.text();
    expect(html).toContain('You are still signed in.');
    const out = await postSignOut(hidden(html, 'xsrf') ?? '', now);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/identity-service/home?returnTo=%2Fdemo%2F');
  });
});
