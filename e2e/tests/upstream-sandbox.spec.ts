import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';

// Security round 6 (issue 56, R6-2): an upstream's answer is served from the emulator's origin,
// where the console is. Whatever type it says it is, a script in it must not run there: it could
// read /__emulator/api/state or reset the clock. A fake upstream on loopback answers one document
// per type, each with a script that would call the console's API and mark the page.

const script = `document.documentElement.setAttribute('data-ran', 'yes');
fetch('/__emulator/api/state');
fetch('/__emulator/api/clock/reset', { method: 'POST' });`;

/** A document of each type, written so that the type would run its script. */
const documents: Record<string, string> = {
  'Text/HTML': `<!doctype html><html><body><script>${script}</script></body></html>`,
  'TEXT/HTML': `<!doctype html><html><body><script>${script}</script></body></html>`,
  'text/html': `<!doctype html><html><body><script>${script}</script></body></html>`,
  'application/xhtml+xml': `<html xmlns="http://www.w3.org/1999/xhtml"><body><script>${script}</script></body></html>`,
  'text/xml': `<html xmlns="http://www.w3.org/1999/xhtml"><body><script>${script}</script></body></html>`,
  'image/svg+xml': `<svg xmlns="http://www.w3.org/2000/svg"><script>${script}</script></svg>`,
};

let upstream: Server;
let proxy: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  upstream = createServer((request, response) => {
    const type = new URL(request.url ?? '/', 'http://upstream').searchParams.get('type') ?? '';
    response
      .writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' })
      .end(documents[type] ?? '{}');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  const bin = resolve(
    import.meta.dirname,
    '../../packages/platform-emulator/bin/platform-emulator.mjs',
  );
  const demo = resolve(import.meta.dirname, '../../apps/demo/dist');
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = spawn(
    process.execPath,
    [
      ...['--conditions=source', '--import', 'tsx', bin],
      ...['--port', '0', '--database', 'memory', '--demo', demo, '--upstream', url],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  origin = await new Promise<string>((done, fail) => {
    let out = '';
    proxy?.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const ready = /listening at (http:\/\/[^/\s]+)\//.exec(out);
      if (ready?.[1]) done(ready[1]);
    });
    proxy?.once('exit', (code) => fail(new Error(`the proxy exited (${code}): ${out}`)));
  });
});

test.afterAll(async () => {
  proxy?.kill('SIGTERM');
  upstream.closeAllConnections();
  await new Promise((done) => upstream.close(done));
});

test.describe('given the emulator in proxy mode in front of an upstream answering documents', () => {
  for (const type of Object.keys(documents)) {
    test(`an answer typed ${type} runs no script on the emulator's origin: nothing calls the console's API`, async ({
      page,
    }) => {
      const consoleCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/__emulator/api'))
          consoleCalls.push(request.url());
      });
      const address = `${origin}/shell-service/api/v1/config?type=${encodeURIComponent(type)}`;
      const answer = await page.goto(address);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['content-type']).toBe(type);
      // The document is loaded (its inline script, had it run, ran during parsing).
      await expect(page.locator(':root')).toBeAttached();
      expect(await page.locator(':root').getAttribute('data-ran')).toBeNull();
      expect(consoleCalls).toEqual([]);
    });
  }
});
