import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from './test-support/cli.ts';
import { signInOverHttp } from './test-support/httpPersona.ts';
import { startPostgres } from './test-support/postgresServer.ts';

const api = '/identity-service/api/v1';
const prefs = `${api}/Users(usr-ada-0000001)/Preferences`;

/**
 * Two emulator processes (the CLI, as operators run it) on one throw-away PostgreSQL 15 server,
 * started at the same moment on the empty database. Nothing but the database joins them.
 */
describe('given two emulator processes on one PostgreSQL server', () => {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let processes: ReturnType<typeof startCli>[] = [];
  let a: string;
  let b: string;
  let ada: Awaited<ReturnType<typeof signInOverHttp>>;
  beforeAll(async () => {
    server = await startPostgres();
    // No fixed JWT secret: the processes must find the key in the database.
    const env = { DATABASE_URL: server.url, EMULATOR_JWT_SECRET: '' };
    processes = [startCli(['--log-level', 'warn'], env), startCli(['--log-level', 'warn'], env)];
    [a, b] = (await Promise.all(processes.map((p) => p.url()))) as [string, string];
    ada = await signInOverHttp(a, 'usr-ada-0000001');
  }, 180_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    server?.stop();
  });

  /** A call as Ada (session cookie and XSRF token) to one of the processes. */
  const call = (base: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: ada.cookie,
        'x-xsrf-token': ada.xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('accepts a session signed in through A, and a JWT issued by A, in B', async () => {
    const user = await call(b, 'GET', '/session-service/api/v1/session/User');
    expect(user.status).toBe(200);
    expect(((await user.json()) as { id: string }).id).toBe('usr-ada-0000001');

    const query = new URLSearchParams({ nonce: 'n', client_id: 'cdlg_app', access_code: ada.xsrf });
    const issued = await call(a, 'GET', `${api}/jwt/Token?${query}`);
    expect(issued.status).toBe(200);
    const { jwt_token: jwt } = (await issued.json()) as { jwt_token: string };
    const settings = await fetch(`${b}/notification-settings-service/api/v1/settings`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(settings.status).toBe(200);
  });

  it('ends in one row holding one of 200 concurrent preference writes split across A and B, with no 5xx', async () => {
    expect(
      (await call(a, 'POST', prefs, { fullyQualifiedName: 'Race.value', value: 'start' })).status,
    ).toBe(201);
    const written = Array.from({ length: 200 }, (_, i) => `value-${i}`);
    const statuses = await Promise.all(
      written.map(
        async (value, i) =>
          (await call(i % 2 ? a : b, 'PUT', `${prefs}(Race.value)`, { value })).status,
      ),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const read = await call(b, 'GET', `${prefs}?fullyQualifiedName=Race.value`);
    const rows = ((await read.json()) as { value: { value: string }[] }).value;
    expect(rows).toHaveLength(1);
    expect(written).toContain(rows[0]?.value);
  });

  it('creates exactly one of 50 concurrent same-name projects across A and B; the others get 409', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async (_, i) =>
          (await call(i % 2 ? a : b, 'POST', '/frs-service/api/v1/Projects', { name: 'Raced' }))
            .status,
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
  });
});
