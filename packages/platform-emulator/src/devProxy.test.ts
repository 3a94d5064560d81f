import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { PLATFORM_PATH_PREFIXES, platformProxy, platformRewrites } from './devProxy.ts';
import { seededSnapshot } from './snapshot.ts';

/** Status and whether the emulator answered (it names every answer with X-Request-Id). */
function get(base: string, path: string): Promise<{ status: number; fromEmulator: boolean }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          fromEmulator: response.headers['x-request-id'] !== undefined,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('given a Vite dev server proxying to the emulator with platformProxy', () => {
  let emulator: Emulator;
  let vite: ViteDevServer;
  let dev: string;
  const root = mkdtempSync(join(tmpdir(), 'ics-dev-proxy-'));

  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
    const target = await emulator.listen({ host: '127.0.0.1' });
    vite = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, proxy: platformProxy(target), ws: false },
    });
    await vite.listen();
    dev = vite.resolvedUrls?.local[0] ?? '';
  });
  afterAll(async () => {
    await vite.close();
    await emulator.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    '/identity-service/../__emulator/api/state',
    '/identity-service/%2e%2e/__emulator/api/state',
    '/identity-service/%2E%2E/%5F_emulator/api/requests',
    '/identity-service/..\\__emulator/api/state',
    '/emulator-assets/../__emulator/api/requests',
    '/shell-service/api/../../../__emulator/api/sessions',
  ])('answers %s with a plain 404 of its own, forwarding nothing', async (path) => {
    expect(await get(dev, path)).toEqual({ status: 404, fromEmulator: false });
  });

  it('matches prefixes by whole segments: /identity-serviceX/ is not forwarded', async () => {
    expect((await get(dev, '/identity-serviceX/home')).fromEmulator).toBe(false);
  });

  it('forwards what stays under its prefix once normalised, as the emulator reads it', async () => {
    expect(await get(dev, '/shell-service/api/v1/config')).toEqual({
      status: 200,
      fromEmulator: true,
    });
    expect(await get(dev, '/shell-service/api/v1/../v1/./config')).toEqual({
      status: 200,
      fromEmulator: true,
    });
  });
});

describe('the dev proxy helpers', () => {
  it("platformRewrites forwards each of platformProxy's prefixes, and what is below it, to the target's origin", () => {
    const rewrites = platformRewrites('http://127.0.0.1:4100/ignored/path');
    expect(rewrites.map((r) => r.source)).toEqual(
      Object.keys(platformProxy('http://127.0.0.1:4100')).map((prefix) => `${prefix}/:path*`),
    );
    expect(rewrites).toContainEqual({
      source: '/identity-service/:path*',
      destination: 'http://127.0.0.1:4100/identity-service/:path*',
    });
    expect(PLATFORM_PATH_PREFIXES).toContain('/emulator-assets');
  });
});
