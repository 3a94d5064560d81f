import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeDefaultService } from '@ics/platform-client';
import { createEmulator, seededSnapshot, type DriftReport } from '@ics/platform-emulator';
import { startEmulator, type TestEmulator } from '@ics/platform-emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support.ts';

let platform: TestEmulator;
let proxy: TestEmulator;
const recording = join(mkdtempSync(join(tmpdir(), 'ics-upstream-')), 'recording.json');

/** A loopback port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

beforeAll(async () => {
  // Another emulator stands in for the real platform.
  platform = await startEmulator();
  proxy = await startEmulator({
    upstream: { url: platform.url, record: 'all-reads', recording },
  });
});
let platformClosed = false;
afterAll(async () => {
  await proxy.close();
  if (!platformClosed) await platform.close();
});

const driftOf = async (url: string) =>
  (await (await fetch(`${url}/__emulator/api/drift`)).json()) as DriftReport;

describe('given an emulator proxying another emulator as the platform', () => {
  it('signs in, reads the products and changes the default service there, with zero drift', async () => {
    const { client, env } = await signedInClient(proxy.url, 'tia');
    // The emulator's own pages are gated on the platform's session.
    expect((await env.fetch(`${proxy.url}/demo/`, { method: 'GET' })).status).toBe(200);
    const root = await fetch(`${proxy.url}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/identity-service/home');
    const signedOut = await fetch(`${proxy.url}/demo/`, { redirect: 'manual' });
    expect(signedOut.headers.get('location')).toMatch(/^\/identity-service\/home/);
    const userId = 'usr-tia-0000001';
    const preferred = async () =>
      (await client.shell.getProductsWithLicenses()).preferredProduct?.uniqueName;
    expect((await client.session.getUser()).displayName).toBe('Tia Trial');
    expect(
      await changeDefaultService(client, { userId, current: await preferred(), chosen: 'cdi' }),
    ).toMatchObject({ ok: true, outcome: 'set' });
    expect(await preferred()).toBe('cdi');
    // The change was made on the platform: its own answer says so, without the proxy.
    const direct = await signedInClient(platform.url, 'tia');
    expect((await direct.client.shell.getProductsWithLicenses()).preferredProduct?.uniqueName).toBe(
      'cdi',
    );

    const report = await driftOf(proxy.url);
    expect(report.operations.flatMap((o) => o.drift)).toEqual([]);
    expect(report.summary.inDrift).toBe(0);
    expect(report.summary.operationsSeen).toBeGreaterThanOrEqual(4);
    expect(report.summary.conforming).toBe(report.summary.operationsSeen);
    expect(report.upstream).toBe(`${platform.url}/`);
  });

  it('records the reads, redacted, and answers them from the recording with the platform stopped', async () => {
    const { env } = await signedInClient(proxy.url, 'ada');
    const read = `${proxy.url}/shell-service/api/v1/ProductsWithLicenses`;
    const seen: unknown = await (await env.fetch(read, { method: 'GET' })).json();
    const accessCode = /XSRF-TOKEN=([^;]+)/.exec(env.readCookies())?.[1] ?? '';
    const token = await env.fetch(
      `${proxy.url}/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=Nonce1234567890&access_code=${accessCode}`,
      { method: 'GET' },
    );
    expect(await token.text()).toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    const file = readFileSync(recording, 'utf8');
    expect(JSON.parse(file)).toMatchObject({
      format: 'ics-platform-emulator-recording',
      version: 1,
    });
    expect(file).toContain(
      '/jwt/Token?client_id=cdlg_app&nonce=Nonce1234567890&access_code=[redacted]',
    );
    expect(file).not.toContain(accessCode);
    expect(file).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);

    await platform.close();
    platformClosed = true;
    const replaying = await startEmulator({ upstream: { url: platform.url }, replay: recording });
    try {
      const products = `${replaying.url}/shell-service/api/v1/ProductsWithLicenses`;
      // Someone's data is replayed only to a caller with a session's credential (a cookie).
      const answer = await fetch(products, { headers: { cookie: 'ics_session=any' } });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(seen);
      // Without one the read goes to the upstream, which is gone.
      expect((await fetch(products)).status).toBe(502);
      // A write is never answered from the recording: it goes to the upstream, which is gone.
      const write = await fetch(`${replaying.url}/session-service/api/v1/session/logout`, {
        method: 'POST',
      });
      expect(write.status).toBe(502);
      expect((await write.json()).error.code).toBe('UPSTREAM_UNREACHABLE');
    } finally {
      await replaying.close();
    }
  });
});

describe('given an upstream that is not there or is the emulator itself', () => {
  it('answers 502 in the platform’s error shape naming the upstream when nothing listens', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const lonely = await startEmulator({ upstream: { url } });
    try {
      const answer = await fetch(`${lonely.url}/shell-service/api/v1/config`);
      expect(answer.status).toBe(502);
      const { error } = await answer.json();
      expect(error.code).toBe('UPSTREAM_UNREACHABLE');
      expect(error.message).toContain(url);
    } finally {
      await lonely.close();
    }
  });

  it('refuses to listen when the upstream is its own loopback port (a loop)', async () => {
    const port = await freePort();
    const looped = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      upstream: { url: `http://localhost:${port}` },
    });
    try {
      await expect(looped.listen({ port })).rejects.toThrow(/is this emulator itself/);
    } finally {
      await looped.db.close();
    }
  });
});
