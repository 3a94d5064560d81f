import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { seededSnapshot } from '../snapshot.ts';

// The preview serves whatever standalone build it is given; these are files of that shape.
let switcherDir: string;
let emulator: Emulator;
beforeAll(async () => {
  switcherDir = mkdtempSync(join(tmpdir(), 'ics-switcher-'));
  mkdirSync(join(switcherDir, 'chunks'));
  writeFileSync(join(switcherDir, 'ics-service-switcher.js'), 'import("./chunks/render-A1.js");\n');
  writeFileSync(join(switcherDir, 'ics-service-switcher.css'), '.ics-switcher{}\n');
  writeFileSync(join(switcherDir, 'chunks/render-A1.js'), 'export {};\n');
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    switcherDir,
  });
});
afterAll(async () => {
  await emulator.close();
  rmSync(switcherDir, { recursive: true, force: true });
});

describe('the switcher on the emulator’s origin', () => {
  it('serves the standalone build at /standalone/ without a session: the entry revalidated, the chunks kept', async () => {
    const entry = await emulator.app.inject({ url: '/standalone/ics-service-switcher.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await emulator.app.inject({ url: '/standalone/chunks/render-A1.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await emulator.app.inject({ url: '/standalone/ics-service-switcher.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const climbing = await emulator.app.inject({ url: '/standalone/%2e%2e/%2e%2e/package.json' });
    expect(climbing.statusCode).toBe(404);
  });

  it('sends a visitor without a session to sign in, however /preview/ is spelt, and back to it', async () => {
    for (const url of ['/preview/', '/%70review/', '/preview/page']) {
      const answer = await emulator.app.inject({ url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toMatch(/^\/identity-service\/home\?returnTo=%2F/);
    }
  });

  it('shows a signed-in user the dialog’s preview: the element opened by the page’s button, the build’s script and stylesheet, under the pages’ policy', async () => {
    const { cookies } = await signInWithInject(emulator.app, 'usr-ada-0000001');
    const page = await emulator.app.inject({ url: '/preview/', cookies });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain(
      '<script type="module" src="/standalone/ics-service-switcher.js"></script>',
    );
    expect(page.body).toContain(
      '<link rel="stylesheet" href="/standalone/ics-service-switcher.css">',
    );
    expect(page.body).toContain('<button type="button" id="ics-preview-open"');
    expect(page.body).toContain('<ics-service-switcher trigger="ics-preview-open">');
    expect(page.body).toContain('<strong>Ada Admin</strong>');
    const standalonePage = await emulator.app.inject({ url: '/preview/page', cookies });
    expect(standalonePage.body).toContain(
      '<ics-service-switcher presentation="page" logout heading="Intelligent Cloud Services">',
    );
  });

  it('passes ?locale= to the element only when it is one of the platform’s locales', async () => {
    const { cookies } = await signInWithInject(emulator.app, 'usr-ada-0000001');
    const german = await emulator.app.inject({ url: '/preview/?locale=de', cookies });
    expect(german.body).toContain('<ics-service-switcher trigger="ics-preview-open" locale="de">');
    const hostile = await emulator.app.inject({
      url: '/preview/page?locale=%22%3E%3Cscript%3E',
      cookies,
    });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<script>');
    expect(hostile.body).toContain('heading="Intelligent Cloud Services"></ics-service-switcher>');
  });

  it('links the preview from the landing page of an emulator without a demo', async () => {
    const { cookies } = await signInWithInject(emulator.app, 'usr-ada-0000001');
    const landing = await emulator.app.inject({ url: '/demo/', cookies });
    expect(landing.body).toContain('<a href="/preview/">Preview your service switcher</a>');
  });
});

describe('an emulator whose switcher build is missing', () => {
  let unbuilt: Emulator;
  beforeAll(async () => {
    unbuilt = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      switcherDir: join(tmpdir(), 'ics-none'),
    });
  });
  afterAll(() => unbuilt.close());

  it('answers 503 SWITCHER_NOT_BUILT, not a page without its script', async () => {
    const { cookies } = await signInWithInject(unbuilt.app, 'usr-ada-0000001');
    const page = await unbuilt.app.inject({ url: '/preview/', cookies });
    expect(page.statusCode).toBe(503);
    expect(page.json().error.code).toBe('SWITCHER_NOT_BUILT');
    expect(
      (await unbuilt.app.inject({ url: '/standalone/ics-service-switcher.js' })).statusCode,
    ).toBe(404);
  });
});
