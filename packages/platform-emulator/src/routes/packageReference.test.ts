import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';

const themeScript = 'document.documentElement.dataset.theme = "os"';
const built = mkdtempSync(join(tmpdir(), 'ics-reference-'));
const later = mkdtempSync(join(tmpdir(), 'ics-reference-later-'));
let withReference: Emulator;
let withoutReference: Emulator;
let builtAfterStart: Emulator;
beforeAll(async () => {
  writeFileSync(
    join(built, 'index.html'),
    `<!doctype html><title>Package reference</title><script>${themeScript}</script>`,
  );
  mkdirSync(join(built, 'modules'));
  writeFileSync(join(built, 'modules', '_ics_platform-client.html'), '<title>client</title>');
  const snapshot = await seededSnapshot();
  withReference = await createEmulator({ database: 'memory', snapshot, referenceDir: built });
  withoutReference = await createEmulator({
    database: 'memory',
    snapshot,
    referenceDir: join(built, 'missing'),
  });
  builtAfterStart = await createEmulator({ database: 'memory', snapshot, referenceDir: later });
});
afterAll(async () => {
  await Promise.all([withReference.close(), withoutReference.close(), builtAfterStart.close()]);
  rmSync(built, { recursive: true, force: true });
  rmSync(later, { recursive: true, force: true });
});

describe('given the packages’ API reference at /docs/reference/', () => {
  it('serves the built reference: its index page, its module pages, and redirects the bare path', async () => {
    const index = await withReference.app.inject({ url: '/docs/reference/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toContain('<title>Package reference</title>');
    const page = await withReference.app.inject({
      url: '/docs/reference/modules/_ics_platform-client.html',
    });
    expect(page.body).toContain('<title>client</title>');
    // The emulator's page policy, with the pages' inline script allowed by its hash alone.
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(index.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash}';`,
    );
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const bare = await withReference.app.inject({ url: '/docs/reference' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/docs/reference/');
  });

  it('does not serve files outside the reference folder', async () => {
    const outside = await withReference.app.inject({ url: '/docs/reference/../../etc/passwd' });
    expect(outside.statusCode).toBe(404);
    const encoded = await withReference.app.inject({
      url: '/docs/reference/%2e%2e/%2e%2e/etc/passwd',
    });
    expect(encoded.statusCode).toBe(404);
  });

  it('answers 503 REFERENCE_NOT_BUILT naming the command when the reference is not built', async () => {
    const answer = await withoutReference.app.inject({ url: '/docs/reference/' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.code).toBe('REFERENCE_NOT_BUILT');
    expect(answer.json().error.message).toContain('node scripts/api-reference.mjs');
    const deep = await withoutReference.app.inject({ url: '/docs/reference/modules/x.html' });
    expect(deep.statusCode).toBe(503);
  });

  it('serves a reference written into its folder after the start (npm start builds it then), 503 before', async () => {
    const before = await builtAfterStart.app.inject({ url: '/docs/reference/' });
    expect(before.statusCode).toBe(503);
    expect(before.json().error.code).toBe('REFERENCE_NOT_BUILT');
    writeFileSync(
      join(later, 'index.html'),
      `<title>Written later</title><script>${themeScript}</script>`,
    );
    const after = await builtAfterStart.app.inject({ url: '/docs/reference/' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<title>Written later</title>');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(after.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });
});
