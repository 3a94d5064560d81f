import { request as httpRequest } from 'node:http';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { seededSnapshot } from './snapshot.ts';
import { signInWithInject } from './test-support/signIn.ts';

// The developer's tools against a web page open beside them and a client on the network
// (issue 32, docs/security.md "A web page open beside the emulator"). Requests go over real
// HTTP with their paths exactly as written: no client library normalises them first.

interface RawAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

/** One request with the path and headers exactly as given. */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The console's writes, each as a plain form could send it: no XSRF header. */
const ENCODED_CONSOLE_WRITES = [
  '/__emulator/%61pi/faults',
  '/%5F_emulator/api/faults',
  '/%5f_emulator/api/faults',
  '/__%65mulator/api/faults',
  '/__emulator/api/./faults',
  '/__emulator//api/faults',
  '/shell-service/../__emulator/api/faults',
  '/shell-service/%2e%2e/__emulator/api/faults',
  '/shell-service\\..\\__emulator\\api\\faults',
];

describe('given an emulator on loopback with its console on', () => {
  let emulator: Emulator;
  let base: string;

  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
    base = await emulator.listen({ host: '127.0.0.1' });
  });
  afterAll(() => emulator.close());

  it.each(ENCODED_CONSOLE_WRITES)(
    'refuses a console write at %s without the XSRF header with 403 and adds no fault',
    async (path) => {
      const answer = await raw(
        base,
        'POST',
        path,
        { 'content-type': 'application/x-www-form-urlencoded' },
        'path=/*',
      );
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'XSRF' } });
      expect(emulator.admin.faults.list()).toEqual([]);
    },
  );

  it('refuses a cross-site sign-in as a persona and a reset through encoded paths, starting no session', async () => {
    const before = (await emulator.admin.sessions()).length;
    const signIn = await raw(base, 'POST', '/__emulator/%61pi/personas/usr-ada-0000001/sign-in');
    const reset = await raw(base, 'POST', '/%5F_emulator/api/states/reset');
    const advance = await raw(
      base,
      'POST',
      '/__%65mulator/api/clock/advance',
      { 'content-type': 'application/json' },
      '{"days":3650}',
    );
    expect([signIn.status, reset.status, advance.status]).toEqual([403, 403, 403]);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(await emulator.admin.sessions()).toHaveLength(before);
    expect(emulator.admin.clock.offsetMs).toBe(0);
  });

  it("guards the Extensions panel's writes like every console route: 403 without the XSRF header", async () => {
    const answer = await raw(
      base,
      'PUT',
      '/%5F_emulator/api/extensions/demo-host/%40team%2Fext/fault',
      { 'content-type': 'application/json' },
      '{"fault":"404"}',
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'XSRF' } });
  });

  it('refuses a console request that came through a proxy with 403', async () => {
    const answer = await raw(base, 'GET', '/__emulator/api/requests', {
      'x-forwarded-for': '192.0.2.7',
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'CONSOLE_PROXIED' } });
  });

  it('answers 421 to a foreign name a proxy forwarded in X-Forwarded-Host or Forwarded, as a rewriting proxy (Next.js) sends it with Host 127.0.0.1', async () => {
    const host = new URL(base).host;
    const refusedThrough: Record<string, string>[] = [
      { 'x-forwarded-host': 'rebind.test' },
      { 'x-forwarded-host': 'localhost:3000, rebind.test:3000' },
      { forwarded: 'for=192.0.2.7;host=rebind.test;proto=http' },
      { forwarded: 'for=192.0.2.7, host="rebind.test:3000"' },
      { Forwarded: 'Host=REBIND.TEST' },
    ];
    for (const headers of refusedThrough) {
      const answer = await raw(base, 'GET', '/shell-service/api/v1/config', { host, ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: 'HOST_NOT_ALLOWED', message: expect.stringContaining("'rebind.test'") },
      });
    }
    const signIn = await raw(
      base,
      'POST',
      '/identity-service/login',
      {
        host,
        'x-forwarded-host': 'rebind.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      'userName=ada.admin%40acme.example',
    );
    expect(signIn.status).toBe(421);
    const servedThrough: Record<string, string>[] = [
      { 'x-forwarded-host': 'localhost:3000' },
      { forwarded: 'for=127.0.0.1;host="127.0.0.1:3000"' },
      { forwarded: 'host="[::1]:3000"' },
    ];
    for (const headers of servedThrough) {
      const answer = await raw(base, 'GET', '/shell-service/api/v1/config', { host, ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('answers a foreign Host with 421 in the error format, before any route, and serves loopback names and addresses', async () => {
    const port = new URL(base).port;
    for (const host of [`rebind.example:${port}`, 'evil.test', `127.0.0.1.nip.example:${port}`]) {
      const answer = await raw(base, 'GET', '/__emulator/api/requests', { host });
      expect(answer.status, host).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'HOST_NOT_ALLOWED' } });
    }
    const refused = await raw(base, 'GET', '/shell-service/api/v1/config', { host: 'evil.test' });
    expect(refused.status).toBe(421);
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `app.localhost:${port}`,
      '[::1]',
    ]) {
      expect((await raw(base, 'GET', '/shell-service/api/v1/config', { host })).status, host).toBe(
        200,
      );
    }
  });

  it('keeps no request body larger than 64 KiB in the log, and shows a smaller one redacted', async () => {
    const large = JSON.stringify({ note: 'x'.repeat(70 * 1024) });
    await raw(
      base,
      'POST',
      '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences',
      {
        'content-type': 'application/json',
      },
      large,
    );
    await raw(
      base,
      'POST',
      '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences',
      {
        'content-type': 'application/json',
      },
      JSON.stringify({ password: 'hunter2', note: 'small' }),
    );
    const logged = await emulator.admin.requests.list({ service: 'identity' });
    const [bigOne, smallOne] = await Promise.all(
      logged.slice(-2).map((entry) => emulator.admin.requests.get(entry.seq)),
    );
    expect(bigOne?.requestBody).toBe('(The body is over 65536 bytes.)');
    expect(smallOne?.requestBody).toEqual({ password: '[redacted]', note: 'small' });
  });

  it('drops live request streams whose readers stop reading, once they fall 256 KiB behind', async () => {
    const connections = () =>
      new Promise<number>((resolve) =>
        emulator.app.server.getConnections((_error, count) => resolve(count)),
      );
    // Other connections (an earlier test's keep-alive) may be open; none of them ends here.
    const others = await connections();
    const readers: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      socket.write(
        'GET /__emulator/api/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n',
      );
      await once(socket, 'data'); // the stream's head: it is open
      socket.pause();
      // Dropped by the emulator, the reader sees its connection reset: the expected end.
      socket.on('error', () => undefined);
      readers.push(socket);
    }
    const closed = readers.map((socket) => new Promise((resolve) => socket.on('close', resolve)));
    // Each logged request is one event of ~64 KiB. The sockets' buffers on this machine take up
    // to 36 MiB (tcp_rmem and tcp_wmem maxima), so 1,500 events (~94 MiB) overflow them
    // whatever the settings; the emulator must drop the readers long before.
    const longPath = `/shell-service/api/v1/${'n'.repeat(64 * 1024)}`;
    for (let i = 0; i < 1500 && (i % 50 !== 0 || (await connections()) > others); i++)
      await emulator.app.inject({ url: longPath });
    expect(await connections()).toBeLessThanOrEqual(others);
    for (const socket of readers) socket.resume();
    await Promise.all(closed);
  });

  it('keeps the heap flat during a flood of 300 refused 1 MiB bodies (under 48 MiB of growth) and serves a signed-in user meanwhile', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
    const body = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 - 64) });
    const post = () =>
      raw(
        base,
        'POST',
        '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences',
        {
          'content-type': 'application/json',
        },
        body,
      );
    // Warm up, then measure: 300 refused 1 MiB posts, four at a time.
    await post();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let round = 0; round < 75; round++) {
      const answers = await Promise.all([post(), post(), post(), post()]);
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    }
    const served = await emulator.app.inject({
      url: '/shell-service/api/v1/config',
      cookies: ada.cookies,
    });
    gc();
    const growth = process.memoryUsage().heapUsed - before;
    expect(served.statusCode).toBe(200);
    expect(growth).toBeLessThan(48 * 1024 * 1024);
  });
});

describe('given an emulator listening on every address with the console left to its default', () => {
  let emulator: Emulator;
  let base: string;

  beforeAll(async () => {
    emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
    const url = await emulator.listen({ host: '0.0.0.0' });
    base = url.replace('0.0.0.0', '127.0.0.1');
  });
  afterAll(() => emulator.close());

  it.each([
    '/__emulator/api/requests',
    '/%5F_emulator/api/requests',
    '/__%65mulator/api/sessions',
    '/__emulator/%61pi/personas',
    '/x/../__emulator/api/state',
  ])('answers 404 at %s, however the console path is spelled', async (path) => {
    const answer = await raw(base, 'GET', path);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('logs nothing while its console does not answer', async () => {
    await raw(base, 'GET', '/shell-service/api/v1/config');
    await raw(
      base,
      'POST',
      '/shell-service/api/v1/ProductsWithLicenses',
      {
        'content-type': 'application/json',
      },
      '{"a":1}',
    );
    expect(await emulator.admin.requests.list()).toEqual([]);
  });
});

describe('given an emulator with allowed host names', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      allowedHosts: ['dev.example', '.team.example'],
    });
  });
  afterAll(() => emulator.close());

  it('answers the names given and the subdomains of a name starting with a dot, and no other', async () => {
    const status = async (host: string) =>
      (await emulator.app.inject({ url: '/shell-service/api/v1/config', headers: { host } }))
        .statusCode;
    expect(await status('dev.example:4100')).toBe(200);
    expect(await status('DEV.EXAMPLE')).toBe(200);
    expect(await status('team.example')).toBe(200);
    expect(await status('a.team.example')).toBe(200);
    expect(await status('sub.dev.example')).toBe(421);
    expect(await status('dev.example.evil.test')).toBe(421);
    const forwarded = async (name: string) =>
      (
        await emulator.app.inject({
          url: '/shell-service/api/v1/config',
          headers: { host: '127.0.0.1:4100', 'x-forwarded-host': name },
        })
      ).statusCode;
    expect(await forwarded('a.team.example')).toBe(200);
    expect(await forwarded('evil.test')).toBe(421);
  });
});

describe('given sessions on an injected clock', () => {
  let emulator: Emulator;
  let now = Date.parse('2026-11-27T08:00:00Z');
  const MINUTE = 60_000;

  beforeAll(async () => {
    emulator = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      clock: { now: () => now },
    });
  });
  afterAll(() => emulator.close());

  const config = (cookies: Record<string, string>) =>
    emulator.app.inject({ url: '/identity-service/api/v1/configInfo', cookies });

  it('ends a session left idle for its 30-minute timeout with 400 SS_001, and keeps one used every 20 minutes for 2 hours', async () => {
    const idle = await signInWithInject(emulator.app, 'usr-ada-0000001');
    const used = await signInWithInject(emulator.app, 'usr-lee-0000001');
    for (let step = 0; step < 6; step++) {
      now += 20 * MINUTE;
      expect((await config(used.cookies)).statusCode, `after ${(step + 1) * 20} min`).toBe(200);
    }
    const ended = await config(idle.cookies);
    expect(ended.statusCode).toBe(400);
    expect(ended.json()).toMatchObject({ error: { code: 'SS_001' } });
  });

  it('purges sessions that have ended at the next sign-in, keeping live ones', async () => {
    const count = async () =>
      Number((await emulator.db.query<{ n: string }>('select count(*) as n from sessions'))[0]?.n);
    const live = await signInWithInject(emulator.app, 'usr-ada-0000001');
    now += 31 * MINUTE;
    expect((await config(live.cookies)).statusCode).toBe(400);
    const before = await count();
    const next = await signInWithInject(emulator.app, 'usr-tia-0000001');
    expect(await count()).toBe(1);
    expect(before).toBeGreaterThan(1);
    expect((await config(next.cookies)).statusCode).toBe(200);
  });

  it('keeps a session that only pings keepAlive every 10 minutes past its idle timeout, and ends it 8 hours after sign-in (--session-lifetime), not later', async () => {
    const started = now;
    const pinged = await signInWithInject(emulator.app, 'usr-tia-0000001');
    const ping = () =>
      emulator.app.inject({
        method: 'POST',
        url: '/session-service/api/v1/session/keepAlive',
        cookies: pinged.cookies,
        headers: { 'x-xsrf-token': pinged.xsrf.value },
      });
    for (let at = 10 * MINUTE; at < 8 * 60 * MINUTE; at += 10 * MINUTE) {
      now = started + at;
      expect((await ping()).statusCode, `ping at ${at / MINUTE} min`).toBe(204);
    }
    now = started + 8 * 60 * MINUTE - 1000;
    expect((await config(pinged.cookies)).statusCode).toBe(200);
    now = started + 8 * 60 * MINUTE;
    expect((await ping()).statusCode).toBe(400);
    now = started + 12.5 * 60 * MINUTE;
    expect((await config(pinged.cookies)).statusCode).toBe(400);
  });
});

describe('given an emulator with its faults door (`--faults`, what the test kit starts)', () => {
  let emulator: Emulator;
  let base: string;
  const fault = JSON.stringify({ endpoint: 'shell.getConfig', status: 503 });

  beforeAll(async () => {
    emulator = await createEmulator({
      database: 'memory',
      snapshot: await seededSnapshot(),
      faults: true,
    });
    base = await emulator.listen({ host: '127.0.0.1' });
  });
  afterAll(() => emulator.close());

  it.each([
    [
      '/__emulator/faults',
      'application/x-www-form-urlencoded',
      'endpoint=shell.getConfig&status=503',
    ],
    [
      '/%5F_emulator/faults',
      'application/x-www-form-urlencoded',
      'endpoint=shell.getConfig&status=503',
    ],
    ['/__emulator/./faults', 'text/plain', fault],
    [
      '/__emulator/faults',
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\nshell.getConfig\r\n--x--\r\n`,
    ],
  ])(
    'refuses a POST to %s as a cross-site form sends it (%s) with 415 and adds no rule',
    async (path, type, body) => {
      const answer = await raw(base, 'POST', path, { 'content-type': type }, body);
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
      expect(emulator.admin.faults.list()).toEqual([]);
    },
  );

  it('refuses a proxied request to the faults door with 403, to add or to clear', async () => {
    const proxied = { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.7' };
    const added = await raw(base, 'POST', '/__emulator/faults', proxied, fault);
    expect(added.status).toBe(403);
    expect(JSON.parse(added.body)).toMatchObject({ error: { code: 'FAULTS_PROXIED' } });
    expect(emulator.admin.faults.list()).toEqual([]);
    emulator.admin.faults.add({ operation: 'shell.getConfig', status: 503, banner: false });
    const cleared = await raw(base, 'DELETE', '/__emulator/faults', { via: '1.1 proxy' });
    expect(cleared.status).toBe(403);
    expect(emulator.admin.faults.list()).toHaveLength(1);
    emulator.admin.faults.clear();
  });

  it('keeps at most 100 rules: the 101st is a 409 that says how to clear them', async () => {
    const json = { 'content-type': 'application/json' };
    for (let i = 0; i < 100; i += 1)
      expect((await raw(base, 'POST', '/__emulator/faults', json, fault)).status).toBe(204);
    const refused = await raw(base, 'POST', '/__emulator/faults', json, fault);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: {
        code: 'TOO_MANY_FAULTS',
        message: expect.stringContaining('DELETE /__emulator/faults'),
      },
    });
    expect(emulator.admin.faults.list()).toHaveLength(100);
    expect((await raw(base, 'DELETE', '/__emulator/faults')).status).toBe(204);
    expect(emulator.admin.faults.list()).toEqual([]);
  });
});
