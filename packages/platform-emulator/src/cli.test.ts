import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startCli } from './test-support/cli.ts';
import { extensionFolder } from './test-support/extensionFolder.ts';
import { signInOverHttp } from './test-support/httpPersona.ts';
import { seedFiles, teamSeed } from './test-support/teamSeed.ts';

describe('given the CLI started with --log-level info, --session-lifetime 600, two --allowed-host and an --extension for an id the catalogue lacks', () => {
  let cli: ReturnType<typeof startCli>;
  let url: string;
  beforeAll(async () => {
    cli = startCli([
      ...['--log-level', 'info', '--session-lifetime', '600'],
      ...['--allowed-host', 'dev.example', '--allowed-host', '.team.example'],
      ...['--extension', `c360x=${extensionFolder()}`],
    ]);
    url = await cli.url();
  }, 120_000);
  afterAll(() => cli.stop());

  it('prints the documented ready line first, before any JSON log line', async () => {
    const listening = await cli.line((l) => String(json(l).msg).startsWith('Server listening'));
    expect(cli.lines[0]).toMatch(
      /^Platform emulator \(pglite\) listening at http:\/\/127\.0\.0\.1:\d+\/$/,
    );
    expect(cli.lines.indexOf(listening)).toBeGreaterThan(0);
  });

  it('answers each --allowed-host name (and the subdomains of a dotted one), and 421 to another name', async () => {
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(url);
        request({ host: hostname, port, path: '/shell-service/api/v1/config', headers: { host } })
          .on('response', (answer) => resolve(answer.resume().statusCode ?? 0))
          .on('error', reject)
          .end();
      });
    expect(await statusFor('dev.example')).toBe(200);
    expect(await statusFor('eu.team.example')).toBe(200);
    expect(await statusFor('evil.test')).toBe(421);
  });

  it('says that the --extension id is not a product of the catalogue, naming the products, and publishes it all the same', async () => {
    // Written before the ready line, on the other stream: read until it has arrived.
    while (!cli.stderr().includes('\n')) await once(cli.child.stderr, 'data');
    expect(cli.stderr()).toContain(
      "Note: --extension c360x=…: 'c360x' is not a product of the catalogue",
    );
    expect(cli.stderr()).toMatch(/The catalogue's products: cdi, cmi, .*c360/);
    expect(cli.lines[0]).toMatch(/^Platform emulator \(pglite\) listening at /);
  });

  it('answers /healthz and /readyz without a session', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('writes a JSON log line per request, keyed by the client’s X-Request-Id', async () => {
    const answer = await fetch(`${url}/shell-service/api/v1/config`, {
      headers: { 'X-Request-Id': 'cli-req-1' },
    });
    expect(answer.headers.get('x-request-id')).toBe('cli-req-1');
    const done = json(
      await cli.line((l) => json(l).reqId === 'cli-req-1' && json(l).msg === 'request completed'),
    );
    expect(done).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });

  it('ends sessions after --session-lifetime seconds', async () => {
    const { cookie, xsrf } = await signInOverHttp(url, 'usr-ada-0000001');
    const query = new URLSearchParams({ nonce: 'n', client_id: 'cdlg_app', access_code: xsrf });
    const token = await fetch(`${url}/identity-service/api/v1/jwt/Token?${query}`, {
      headers: { cookie },
    });
    expect(token.status).toBe(200);
    const expiry = Date.parse(((await token.json()) as { session_expiry: string }).session_expiry);
    expect(expiry - Date.now()).toBeGreaterThan(540_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(600_000);
  });
});

describe('given the CLI started without --log-level', () => {
  it('writes the banner lines (the console on loopback) and no log line for requests or the shutdown (level warn)', async () => {
    const cli = startCli([]);
    const url = await cli.url();
    expect((await fetch(`${url}/shell-service/api/v1/config`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await cli.stop()).toBe(0);
    expect(cli.lines.filter(Boolean)).toEqual([
      `Platform emulator (pglite) listening at ${url}/`,
      `Open ${url}/ and choose a persona.`,
      `Its console (requests, clock, faults, personas, states): ${url}/__emulator/`,
    ]);
  }, 120_000);
});

describe('given --seed for a data directory seeded by an earlier start', () => {
  it('says in one line that the seed was not applied and the data is kept; a new directory takes it without a word', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ics-cli-seeded-'));
    try {
      const [file = ''] = seedFiles(teamSeed);
      const first = startCli(['--database', dir, '--seed', file]);
      expect((await fetch(`${await first.url()}/healthz`)).status).toBe(200);
      expect(await first.stop()).toBe(0);
      expect(first.stderr()).not.toContain('--seed');
      const again = startCli(['--database', dir, '--seed', file]);
      expect((await fetch(`${await again.url()}/healthz`)).status).toBe(200);
      expect(await again.stop()).toBe(0);
      const notes = again
        .stderr()
        .split('\n')
        .filter((l) => l.includes('--seed'));
      expect(notes).toEqual([
        `Note: --seed ${file} not applied: ${dir} holds a seed already and keeps its data; start from a new --database (or memory, or --state FILE) to use it.`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('given --help', () => {
  it('lists every flag and the health endpoints, without the repository-only --demo default; docs/getting-started.md documents each', async () => {
    const cli = startCli(['--help']);
    expect(await cli.exited).toBe(0);
    const help = cli.lines.join('\n');
    const flags = [...new Set(help.match(/--[a-z][a-z-]+/g))];
    expect(flags).toEqual(
      expect.arrayContaining(['--port', '--host', '--database', '--demo', '--log-level']),
    );
    expect(flags).toEqual(expect.arrayContaining(['--session-lifetime', '--token-lifetime']));
    expect(help).toContain('(default warn)');
    expect(help).not.toContain('apps/demo');
    const guide = readFileSync(
      new URL('../../../docs/getting-started.md', import.meta.url),
      'utf8',
    );
    for (const documented of [...flags, '/healthz', '/readyz']) {
      expect(guide).toContain(documented);
    }
  });
});

describe('given a reader that closed standard output (… | head -1)', () => {
  it('still exits 0 on SIGTERM, within 20 s, after logging requests into the closed pipe', async () => {
    const cli = startCli(['--log-level', 'info']);
    const url = await cli.url();
    cli.child.stdout.destroy();
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/healthz`)).status).toBe(200);
    cli.child.kill('SIGTERM');
    // Waits for the exit itself; a process still alive after 20 s is killed and fails (null).
    const limit = setTimeout(() => cli.child.kill('SIGKILL'), 20_000);
    const code = await cli.exited;
    clearTimeout(limit);
    expect(code).toBe(0);
  }, 120_000);
});

describe('given bad CLI options', () => {
  it.each([
    ['--log-level', 'loud'],
    ['--session-lifetime', '0'],
    ['--session-lifetime', '1.5'],
    ['--extension', 'no-folder'],
  ])('%s %s exits with status 2 and names the option', async (option, value) => {
    const cli = startCli([option, value]);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain(option);
  });
});

describe('given SIGTERM while a request is in flight', () => {
  it('finishes the request, closes the database and exits 0', async () => {
    const cli = startCli(['--log-level', 'info', '--faults']);
    const url = await cli.url();
    const armed = await fetch(`${url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'shell.getConfig', status: 200, delayMs: 2000 }),
    });
    expect(armed.status).toBe(204);
    const slow = fetch(`${url}/shell-service/api/v1/config`, {
      headers: { 'X-Request-Id': 'in-flight-1' },
    });
    await cli.line((l) => json(l).reqId === 'in-flight-1' && json(l).msg === 'incoming request');
    cli.child.kill('SIGTERM');
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(Object.keys((await answer.json()) as object)).toContain('serviceUrls');
    expect(await cli.exited).toBe(0);
    const order = cli.lines.map((l) => json(l).msg);
    expect(order.indexOf('shutting down')).toBeGreaterThan(-1);
    expect(order.lastIndexOf('request completed')).toBeGreaterThan(order.indexOf('shutting down'));
    expect(order.at(-1)).toBe('database closed');
  }, 120_000);
});
