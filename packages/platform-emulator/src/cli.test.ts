import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/platform-emulator.mjs', import.meta.url));

/** The emulator's CLI as a process; its standard output collected line by line. */
function startCli(args: string[]) {
  const child = spawn(process.execPath, [bin, '--port', '0', '--database', 'memory', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (buffered + chunk).split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the first line (already written or still to come) that passes `test`. */
  const line = (test: (line: string) => boolean) =>
    Promise.race([
      new Promise<string>((resolve) => {
        const seen = lines.find(test);
        if (seen !== undefined) resolve(seen);
        else waiters.push({ test, resolve });
      }),
      exited.then((code) => {
        throw new Error(`The CLI exited (${code}) first: ${stderr}`);
      }),
    ]);
  /** The base URL, once the CLI says where it listens. */
  const url = async () =>
    /listening at (\S+)\/$/.exec(await line((l) => l.includes('Platform emulator')))?.[1] ?? '';
  return { child, lines, line, url, exited, stderr: () => stderr };
}

/** Log lines are JSON; other lines (the banner) are not. */
const json = (line: string): Record<string, unknown> => {
  try {
    return JSON.parse(line);
  } catch {
    return {};
  }
};

/** Signs in as a persona through the login form; the session cookie and XSRF token. */
async function signIn(url: string, persona: string) {
  const home = await fetch(`${url}/identity-service/home`);
  const form = /name="xsrf" value="([^"]+)"/.exec(await home.text())?.[1] ?? '';
  const login = await fetch(`${url}/identity-service/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: home.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    },
    body: new URLSearchParams({ persona, xsrf: form }).toString(),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), xsrf: decodeURIComponent(xsrf ?? '') };
}

describe('given the CLI started with --log-level info and --session-lifetime 600', () => {
  let cli: ReturnType<typeof startCli>;
  let url: string;
  beforeAll(async () => {
    cli = startCli(['--log-level', 'info', '--session-lifetime', '600']);
    url = await cli.url();
  }, 120_000);
  afterAll(async () => {
    cli.child.kill('SIGTERM');
    await cli.exited;
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
