import { DEFAULT_SERVICE_PREFERENCE, type ProductsWithLicenses } from '@ics/platform-contract';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { createSession } from './db/sessions.ts';
import { signInWithInject } from './test-support/signIn.ts';
import { seededSnapshot } from './snapshot.ts';

let emulator: Emulator;
let ada: Awaited<ReturnType<typeof signInWithInject>>;
const prefs = '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences';

// A built demo as Vite leaves it: a page, and assets named by their content.
const demoDir = mkdtempSync(join(tmpdir(), 'ics-demo-'));
mkdirSync(join(demoDir, 'assets'));
writeFileSync(join(demoDir, 'index.html'), '<!doctype html><title>Demo</title>');
writeFileSync(join(demoDir, 'assets', 'switcher-Ab12Cd34.js'), 'export {};');

beforeAll(async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    demoDir,
  });
  ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
});
afterAll(async () => {
  await emulator.close();
  rmSync(demoDir, { recursive: true, force: true });
});

const asAda = (options: {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  xsrf?: string | null;
  contentType?: string;
}) =>
  emulator.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    cookies: ada.cookies,
    headers: {
      ...(options.xsrf === null ? {} : { 'x-xsrf-token': options.xsrf ?? ada.xsrf.value }),
      ...(options.payload !== undefined
        ? { 'content-type': options.contentType ?? 'application/json' }
        : {}),
    },
    ...(options.payload !== undefined
      ? {
          payload:
            typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload),
        }
      : {}),
  });

const defaultServiceOf = async () =>
  (await asAda({ url: `${prefs}?fullyQualifiedName=${DEFAULT_SERVICE_PREFERENCE}` })).json().value;

describe('given an emulator started without fault injection', () => {
  it('has no fault-injection endpoint: it answers 404 and arms nothing', async () => {
    const armed = await emulator.app.inject({
      method: 'POST',
      url: '/__emulator/faults',
      payload: { endpoint: 'shell.getProductsWithLicenses', status: 500 },
    });
    expect(armed.statusCode).toBe(404);
    expect((await asAda({ url: '/shell-service/api/v1/ProductsWithLicenses' })).statusCode).toBe(
      200,
    );
  });
});

describe('given the built demo', () => {
  it('lets the browser keep its content-named assets for a year and revalidate its pages', async () => {
    const asset = await asAda({ url: '/demo/assets/switcher-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export {};');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await asAda({ url: '/demo/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=0');
  });

  it('sends a visitor without a session to the login page, with the page to come back to', async () => {
    for (const url of ['/demo/', '/demo/index.html?tab=2']) {
      const answer = await emulator.app.inject({ url });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(
        `/identity-service/home?returnTo=${encodeURIComponent(url)}`,
      );
    }
  });

  it('serves a content-named asset without a session, so code loaded after a session ended still loads', async () => {
    const asset = await emulator.app.inject({ url: '/demo/assets/switcher-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export {};');
  });

  it.each([
    '/%64emo/',
    '/%64emo/index.html',
    '/demo/./index.html',
    '/demo/%2e/index.html',
    '/demo/assets/../index.html',
    '/demo/assets/%2e%2e/index.html',
    '/demo/assets/..%2findex.html',
    '/demo/assets/%2e%2e%2findex.html',
    '/demo/%61ssets/../index.html',
  ])('never gives the page at %s to a visitor without a session', async (url) => {
    const answer = await emulator.app.inject({ url });
    expect(answer.body).not.toContain('<title>Demo</title>');
    expect([302, 403, 404]).toContain(answer.statusCode);
    if (answer.statusCode !== 302) return;
    // Sent to sign-in, to come back to the page it asked for, never to an asset.
    const location = new URL(answer.headers.location ?? '', 'http://emulator.invalid');
    expect(location.pathname).toBe('/identity-service/home');
    const back = new URL(location.searchParams.get('returnTo') ?? '', location);
    expect(['/demo/', '/demo/index.html']).toContain(decodeURIComponent(back.pathname));
  });

  it('sends a visitor without a session asking for a file beside the pages to sign-in without it as returnTo', async () => {
    const answer = await emulator.app.inject({ url: '/demo/vite.svg' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/identity-service/home');
  });

  it('answers 404 for an asset that is not there, without a cache header that keeps it', async () => {
    const missing = await asAda({ url: '/demo/assets/missing-00000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

describe('given the login page', () => {
  it('shows one button per persona, by display name', async () => {
    const page = await emulator.app.inject({ url: '/identity-service/home' });
    expect(page.headers['content-type']).toContain('text/html');
    const names = [...page.body.matchAll(/class="name">([^<]+)</g)].map((m) => m[1]);
    expect(names).toEqual(['Ada Admin', 'Lee Locked', 'Nia Newcomer', 'Tia Trial']);
  });

  it('signs in with an HttpOnly session cookie and a readable XSRF cookie, then leads to the demo', () => {
    expect(ada.login.statusCode).toBe(303);
    expect(ada.login.headers.location).toBe('/demo/');
    expect(ada.session.httpOnly).toBe(true);
    expect(ada.xsrf.httpOnly).toBeFalsy();
  });

  it('refuses a sign-in without the form token', async () => {
    const login = await emulator.app.inject({
      method: 'POST',
      url: '/identity-service/login',
      payload: 'persona=usr-ada-0000001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies.find((c) => c.name === 'ICS_SESSION')).toBeUndefined();
  });

  it('ends the session on logout and returns to the login page', async () => {
    const lee = await signInWithInject(emulator.app, 'usr-lee-0000001');
    const out = await emulator.app.inject({
      url: `/identity-service/logout?xsrf=${lee.xsrf.value}`,
      cookies: lee.cookies,
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/identity-service/home');
    const after = await emulator.app.inject({
      url: '/session-service/api/v1/session/User',
      cookies: lee.cookies,
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('given API requests', () => {
  it('answers 401 with a JSON error without a session', async () => {
    const answer = await emulator.app.inject({ url: '/session-service/api/v1/session/User' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
    });
  });

  it('answers 400 SS_001 for a session that has ended', async () => {
    const ended = await createSession(emulator.db, 'usr-ada-0000001', -1, Date.now());
    const answer = await emulator.app.inject({
      url: '/session-service/api/v1/session/User',
      cookies: { ICS_SESSION: ended.id },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('SS_001');
  });

  it('answers 403 to a state-changing request without the matching XSRF header, and writes nothing', async () => {
    for (const xsrf of [null, 'wrong-token']) {
      const answer = await asAda({
        method: 'POST',
        url: prefs,
        payload: { fullyQualifiedName: 'a.b', value: 'x' },
        xsrf,
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('XSRF');
    }
    expect((await asAda({ url: `${prefs}?fullyQualifiedName=a.b` })).json().value).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"fullyQualifiedName": "a', /JSON/],
    ['a wrong type', { fullyQualifiedName: 'a.b', value: 5 }, /body\.value must be string/],
    ['a missing field', { fullyQualifiedName: 'a.b' }, /value/],
    [
      'an unknown key',
      { fullyQualifiedName: 'a.b', value: 'x', admin: true },
      /unknown property 'admin'/,
    ],
    ['an oversized value', { fullyQualifiedName: 'a.b', value: 'x'.repeat(4001) }, /body\.value/],
    [
      'an oversized key',
      { fullyQualifiedName: 'k'.repeat(256), value: 'x' },
      /body\.fullyQualifiedName/,
    ],
  ])('answers 400 naming the problem for %s, and writes nothing', async (_, payload, message) => {
    const answer = await asAda({ method: 'POST', url: prefs, payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toMatch(message);
    expect((await asAda({ url: prefs })).json().value).toEqual([]);
  });

  it('answers 400 for an unknown query parameter and 405 for a method the path does not take', async () => {
    expect((await asAda({ url: `${prefs}?$top=1` })).statusCode).toBe(400);
    const patch = await emulator.app.inject({ method: 'PATCH', url: prefs, cookies: ada.cookies });
    expect(patch.statusCode).toBe(405);
  });

  it('keeps what is written: create, read filtered, update, delete', async () => {
    const pref = { fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: 'cdi' };
    expect((await asAda({ method: 'POST', url: prefs, payload: pref })).statusCode).toBe(201);
    expect(await defaultServiceOf()).toEqual([pref]);
    expect((await asAda({ method: 'POST', url: prefs, payload: pref })).statusCode).toBe(409);
    const key = `${prefs}(${DEFAULT_SERVICE_PREFERENCE})`;
    expect((await asAda({ method: 'PUT', url: key, payload: { value: 'cdq' } })).json()).toEqual({
      ...pref,
      value: 'cdq',
    });
    const products: ProductsWithLicenses = (
      await asAda({ url: '/shell-service/api/v1/ProductsWithLicenses' })
    ).json();
    expect(products.preferredProduct).toEqual({ uniqueName: 'cdq' });
    expect((await asAda({ method: 'DELETE', url: key })).statusCode).toBe(204);
    expect(await defaultServiceOf()).toEqual([]);
    expect((await asAda({ method: 'DELETE', url: key })).statusCode).toBe(404);
  });

  it("refuses access to another user's preferences", async () => {
    const answer = await asAda({
      url: '/identity-service/api/v1/Users(usr-lee-0000001)/Preferences',
    });
    expect(answer.statusCode).toBe(403);
  });

  it('publishes every service base path in the shell config, without a session', async () => {
    const config = (await emulator.app.inject({ url: '/shell-service/api/v1/config' })).json();
    expect(config.serviceUrls).toMatchObject({
      'identity-service': '/identity-service/api/v1',
      'session-service': '/session-service/api/v1',
      'shell-service': '/shell-service/api/v1',
    });
  });
});
