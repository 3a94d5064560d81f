import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { seededSnapshot } from '../snapshot.ts';

describe('given the login page with a return path', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  });
  afterAll(() => emulator.close());

  it('sends the browser back to that path after sign-in', async () => {
    const home = `/identity-service/home?returnTo=${encodeURIComponent('/my-app/?view=all')}`;
    const { login } = await signInWithInject(emulator.app, 'usr-ada-0000001', home);
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/my-app/?view=all');
  });

  it.each(['//evil.example/', '/.//evil.example/', '/..//evil.example/', '/%2e//evil.example'])(
    'sends the browser to the demo, not to %s, which leaves the origin',
    async (returnTo) => {
      const home = `/identity-service/home?returnTo=${encodeURIComponent(returnTo)}`;
      const page = await emulator.app.inject({ url: home });
      expect(page.body).not.toContain('evil.example');
      const { login } = await signInWithInject(emulator.app, 'usr-ada-0000001', home);
      expect(login.headers.location).toBe('/demo/');
    },
  );

  it.each(['/\\evil.example', '/.//evil.example/'])(
    'ignores the return path %s forged into the form post',
    async (returnTo) => {
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
          returnTo,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(login.statusCode).toBe(303);
      expect(login.headers.location).toBe('/demo/');
    },
  );
});

describe('given the built demo over HTTP and a browser without a session', () => {
  let emulator: Emulator;
  let base: string;
  const demoDir = mkdtempSync(join(tmpdir(), 'ics-demo-return-'));
  writeFileSync(join(demoDir, 'index.html'), '<!doctype html><title>Demo</title>');
  writeFileSync(join(demoDir, 'report.html'), '<!doctype html><title>Report</title>');
  beforeAll(async () => {
    emulator = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      demoDir,
    });
    base = await emulator.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(demoDir, { recursive: true, force: true });
  });

  it('sends a deep link of the demo to sign-in with it as returnTo, and sign-in back to it', async () => {
    const deepLink = '/demo/report.html?tab=2&view=all';
    const first = await fetch(`${base}${deepLink}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const signInPath = first.headers.get('location') ?? '';
    expect(signInPath).toBe(`/identity-service/home?returnTo=${encodeURIComponent(deepLink)}`);

    const page = await fetch(`${base}${signInPath}`);
    const html = await page.text();
    const returnTo = /name="returnTo" value="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(returnTo).toBe(deepLink);
    const loginCookie = /ICS_LOGIN_XSRF=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
    const login = await fetch(`${base}/identity-service/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `ICS_LOGIN_XSRF=${loginCookie ?? ''}`,
      },
      body: new URLSearchParams({
        persona: 'usr-ada-0000001',
        xsrf: /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '',
        returnTo: returnTo ?? '',
      }).toString(),
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe(deepLink);

    const session = /ICS_SESSION=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1];
    const back = await fetch(`${base}${deepLink}`, {
      redirect: 'manual',
      headers: { cookie: `ICS_SESSION=${session ?? ''}` },
    });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('<title>Report</title>');
  });

  it('sends a demo path that sameOriginPath refuses (an encoded backslash) to sign-in without a returnTo', async () => {
    const answer = await fetch(`${base}/demo/%5Cevil.example/`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/identity-service/home');
  });
});
