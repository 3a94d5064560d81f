import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signIn, startCli } from './testing/cli.ts';

describe('given the CLI started with --log-level info and --session-lifetime 600', () => {
  let cli: ReturnType<typeof startCli>;
  let url: string;
  beforeAll(async () => {
    cli = startCli(['--log-level', 'info', '--session-lifetime', '600']);
    url = await cli.url();
  }, 120_000);
  afterAll(() => cli.stop());

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
    const { cookie, xsrf } = await signIn(url, 'usr-ada-0000001');
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

describe('given bad CLI options', () => {
  it.each([
    ['--log-level', 'loud'],
    ['--session-lifetime', '0'],
    ['--session-lifetime', '1.5'],
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
