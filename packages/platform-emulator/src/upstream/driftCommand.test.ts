import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../test-support/cli.ts';

const bin = fileURLToPath(new URL('../../bin/platform-emulator.mjs', import.meta.url));

let platform: Server;
let cli: ReturnType<typeof startCli>;
let url: string;

/** `platform-emulator drift report …` run to its end: exit status and standard output. */
const report = (...args: string[]) => drift('report', ...args);

/** `platform-emulator drift <command> …` run to its end: exit status and standard output. */
function drift(command: string, ...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [bin, 'drift', command, '--url', url, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

beforeAll(async () => {
  // A platform whose shell config has an extra field and lacks every required one.
  platform = createServer((_request, response) =>
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ planted: 'x' })),
  );
  await new Promise<void>((done) => platform.listen(0, '127.0.0.1', done));
  const upstream = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  cli = startCli(['--upstream', upstream]);
  url = await cli.url();
  expect((await fetch(`${url}/shell-service/api/v1/config`)).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await cli.stop();
  await new Promise((done) => platform.close(done));
});

describe('given `platform-emulator drift report` against a proxy that saw drift', () => {
  it('prints the drift as JSON, and with --fail-on-drift exits 1', async () => {
    const plain = await report();
    expect(plain.code).toBe(0);
    const json = JSON.parse(plain.out);
    expect(json.summary).toEqual({ operationsSeen: 1, conforming: 0, inDrift: 1 });
    expect(json.operations[0].drift).toContainEqual(
      expect.objectContaining({ location: 'body.planted', actual: '"x"' }),
    );
    expect((await report('--fail-on-drift')).code).toBe(1);
  });

  it('prints Markdown a team can paste in an issue: the summary and a table per operation', async () => {
    const { code, out } = await report('--format', 'markdown');
    expect(code).toBe(0);
    expect(out).toContain('1 operations seen: 0 conforming, 1 in drift.');
    expect(out).toContain('## shell.getConfig');
    expect(out).toMatch(
      /\| 200 \| <code>body\.planted<\/code> \| no such property .* \| <code>"x"<\/code> \| 1 \|/,
    );
  });

  it('refuses an unknown format with exit 2, naming it', async () => {
    const { code } = await report('--format', 'html');
    expect(code).toBe(2);
  });
});

describe('given `platform-emulator drift clear`, then a report of nothing', () => {
  it('clears the drift from a script (no console page, no XSRF step of its own), and then `--fail-on-drift` exits 3: no operation was checked', async () => {
    const cleared = await drift('clear');
    expect(cleared).toEqual({ code: 0, out: `Drift cleared at ${url}.\n` });
    const plain = await report();
    expect(JSON.parse(plain.out).summary).toEqual({ operationsSeen: 0, conforming: 0, inDrift: 0 });
    expect(plain.code).toBe(0);
    expect((await report('--fail-on-drift')).code).toBe(3);
  });
});
