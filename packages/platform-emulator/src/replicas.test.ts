import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from './app.ts';
import { startCli } from './test-support/cli.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import { freePort, startHaproxy } from './test-support/haproxy.ts';
import { startPostgres } from './test-support/postgresServer.ts';

/**
 * Three emulator processes (the CLI) on one PostgreSQL 15 server behind HAProxy (Debian's, on
 * loopback, round robin, checking /readyz): one platform however many processes (issue 51,
 * decisions 1220–1223). Nothing here waits for time: every wait polls a condition, bounded.
 */
const seedFile = fileURLToPath(new URL('../../../examples/app/example.seed.json', import.meta.url));
const api = '/identity-service/api/v1';
const user = '/session-service/api/v1/session/User';
const REPLICAS = ['r1', 'r2', 'r3'] as const;
/** A loaded 2-core machine starts and stops processes slowly: time-outs, not waits. */
const LONG = 300_000;
const CONSOLE_XSRF = 'replicas-test';
const consoleHeaders = {
  cookie: `ICS_CONSOLE_XSRF=${CONSOLE_XSRF}`,
  'x-xsrf-token': CONSOLE_XSRF,
};

/** Polls `check` until it holds, at most `tries` times; the last failure is thrown. */
async function until<T>(check: () => Promise<T>, tries = 600): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await check();
    } catch (error) {
      last = error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  throw last;
}

/** Counts the rows of every table of the public schema. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${name}"`);
      counts[name] = Number(rows[0]?.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

describe('given three emulator replicas on one PostgreSQL server behind HAProxy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replicas-'));
  const stateFile = join(dir, 'team.state.json');
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let referenceCounts: Record<string, number>;
  const ports: number[] = [];
  const replicas: ReturnType<typeof startCli>[] = [];
  const direct: string[] = [];
  let haproxy: Awaited<ReturnType<typeof startHaproxy>>;
  let balancer: string;

  /**
   * Replica `i` on its port. At the first start, with the seed file and the state file; a
   * replacement (a restart in a rolling update) without the state file, which would replace the
   * data again (decision 1223).
   */
  const startReplica = (i: number, url: string, first = false) =>
    startCli(
      [
        '--port',
        String(ports[i]),
        '--log-level',
        'warn',
        '--drain',
        '2',
        // A loaded machine answers slowly: readiness waits for the database longer than by default.
        '--ready-timeout',
        '10',
        '--seed',
        seedFile,
      ].concat(first ? ['--state', stateFile] : []),
      { DATABASE_URL: url, EMULATOR_JWT_SECRET: '', EMULATOR_REPLICA: REPLICAS[i] ?? '' },
    );

  /** A request through the balancer: status, body and which replica answered. */
  const via = async (base: string, method: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, { method, ...init });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { text: text.slice(0, 200) }; // the balancer's own page
    }
    return {
      status: response.status,
      replica: response.headers.get('x-emulator-replica') ?? '',
      json,
    };
  };
  const admin = (base: string, method: string, path: string, body?: unknown) =>
    via(base, method, `/__emulator/api${path}`, {
      headers:
        body === undefined
          ? consoleHeaders
          : { ...consoleHeaders, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const as = (persona: HttpPersona, base: string, method: string, path: string, body?: unknown) =>
    via(base, method, path, {
      headers: {
        cookie: persona.cookie,
        'x-xsrf-token': persona.xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Waits until the balancer has sent a request to each replica named. */
  const balancerReaches = (names: readonly string[]) =>
    until(async () => {
      const seen = new Set<string>();
      for (let i = 0; i < names.length * 4; i++)
        seen.add((await via(balancer, 'GET', '/healthz')).replica);
      if (!names.every((name) => seen.has(name))) throw new Error(`reached ${[...seen]}`);
    });

  beforeAll(async () => {
    server = await startPostgres();
    // A state file: the seed file's data plus one preference, saved by an in-process emulator.
    const maker = await createEmulator({ database: 'memory', seed: seedFile });
    try {
      await maker.admin.saveState('team');
      writeFileSync(stateFile, JSON.stringify(await maker.admin.stateFile('team')));
    } finally {
      await maker.close();
    }
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    // One start alone on its own empty database: the row counts every start must give.
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query('create database alone');
    await client.end();
    const aloneUrl = server.url.replace(/\/[^/]*$/, '/alone');
    const alone = startReplica(0, aloneUrl, true);
    await alone.url();
    await alone.stop();
    referenceCounts = await rowCounts(aloneUrl);
    // The three at the same instant on the empty database.
    for (let i = 0; i < 3; i++) replicas.push(startReplica(i, server.url, true));
    direct.push(...(await Promise.all(replicas.map((r) => r.url()))));
    haproxy = await startHaproxy(ports, REPLICAS);
    balancer = haproxy.url;
    await balancerReaches(REPLICAS);
  }, 600_000);
  afterAll(async () => {
    haproxy?.stop();
    await Promise.all(replicas.map((r) => r.stop()));
    server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'holds after three replicas start together with a seed file and a state file the row counts of one start',
    async () => {
      const counts = await rowCounts(server.url);
      expect(counts).toEqual(referenceCounts);
      expect(counts.users).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    "carries a persona's journey spread across the replicas: sign in, renew, switch the default, read, log out",
    async () => {
      const ada = await signInOverHttp(balancer, 'usr-ada-0000001');
      const answered = new Set<string>();
      const step = async (method: string, path: string, body?: unknown) => {
        const answer = await as(ada, balancer, method, path, body);
        answered.add(answer.replica);
        return answer;
      };
      const query = new URLSearchParams({
        nonce: 'n',
        client_id: 'cdlg_app',
        access_code: ada.xsrf,
      });
      expect((await step('GET', `${api}/jwt/Token?${query}`)).status).toBe(200);
      const prefs = `${api}/Users(usr-ada-0000001)/Preferences`;
      const key = 'ProductSwitcher.defaultService';
      const set = await step('POST', prefs, { fullyQualifiedName: key, value: 'frs' });
      expect([200, 201]).toContain(set.status);
      for (let i = 0; i < 3; i++) {
        const read = await step('GET', `${prefs}?fullyQualifiedName=${key}`);
        expect((read.json.value as { value: string }[])[0]?.value).toBe('frs');
      }
      expect((await step('POST', '/session-service/api/v1/session/logout')).status).toBeLessThan(
        300,
      );
      for (let i = 0; i < 3; i++)
        expect((await step('GET', user)).status).toBeGreaterThanOrEqual(400);
      expect(answered.size).toBe(3);
    },
    LONG,
  );

  it(
    'shows a clock advanced and a counted fault armed through the balancer to every replica',
    async () => {
      const bob = await signInOverHttp(balancer, 'usr-ada-0000001');
      expect((await admin(balancer, 'POST', '/clock/advance', { hours: 9 })).status).toBe(200);
      for (const base of direct) {
        expect((await admin(base, 'GET', '/state')).json.offsetMs).toBe(9 * 3_600_000);
        // Past the 8-hour session on every replica, not on one in three.
        const answer = await as(bob, base, 'GET', user);
        expect([answer.status, (answer.json.error as { code?: string } | undefined)?.code]).toEqual(
          [400, 'SS_001'],
        );
      }
      expect((await admin(balancer, 'POST', '/clock/reset')).json.offsetMs).toBe(0);
      const fault = { operation: 'shell.getConfig', status: 429, times: 3, banner: false };
      expect((await admin(balancer, 'POST', '/faults', fault)).status).toBe(201);
      const config = '/shell-service/api/v1/config';
      const statuses = [];
      for (const base of direct) statuses.push((await via(base, 'GET', config)).status);
      expect(statuses).toEqual([429, 429, 429]);
      // Three calls in all, whichever replica took them: the fourth is answered.
      for (const base of direct) expect((await via(base, 'GET', config)).status).toBe(200);
    },
    LONG,
  );

  it(
    'lists a state saved through one replica on all, and restores it through another for all',
    async () => {
      const eve = await signInOverHttp(balancer, 'usr-eve-0000001');
      const prefs = `${api}/Users(usr-eve-0000001)/Preferences`;
      const write = (value: string) =>
        as(eve, direct[0] ?? '', 'POST', prefs, { fullyQualifiedName: 'Replicas.mark', value });
      expect((await write('before')).status).toBeLessThan(300);
      expect((await admin(direct[0] ?? '', 'POST', '/states', { name: 'before' })).status).toBe(
        201,
      );
      for (const base of direct)
        expect(
          ((await admin(base, 'GET', '/states')).json as unknown as { name: string }[]).map(
            (s) => s.name,
          ),
        ).toContain('before');
      await as(eve, direct[0] ?? '', 'PUT', `${prefs}(Replicas.mark)`, { value: 'after' });
      expect((await admin(direct[1] ?? '', 'POST', '/states/before/restore')).status).toBe(204);
      for (const base of direct) {
        const read = await as(eve, base, 'GET', `${prefs}?fullyQualifiedName=Replicas.mark`);
        expect((read.json.value as { value: string }[])[0]?.value).toBe('before');
      }
    },
    LONG,
  );

  /**
   * A steady, bounded load through the balancer until `done()`: two workers, each writing its own
   * preference with a growing value and reading the session. Every request is counted.
   */
  function steadyLoad(persona: HttpPersona, done: () => boolean) {
    const counts = {
      sent: 0,
      answered: 0,
      fiveHundreds: [] as string[],
      acknowledged: new Map<string, number>(),
    };
    const prefs = `${api}/Users(${persona.id})/Preferences`;
    const worker = async (name: string) => {
      const key = `Load.${name}`;
      counts.sent += 1;
      const created = await as(persona, balancer, 'POST', prefs, {
        fullyQualifiedName: key,
        value: '0',
      });
      counts.answered += 1;
      if (created.status < 300) counts.acknowledged.set(key, 0);
      for (let i = 1; !done() && i < 20_000; i++) {
        const write = i % 2 === 0;
        counts.sent += 1;
        const answer = write
          ? await as(persona, balancer, 'PUT', `${prefs}(${key})`, { value: String(i) })
          : await as(persona, balancer, 'GET', user);
        counts.answered += 1;
        if (answer.status >= 500)
          counts.fiveHundreds.push(
            `${answer.status} ${answer.replica} ${JSON.stringify(answer.json)}`,
          );
        if (write && answer.status === 200) counts.acknowledged.set(key, i);
      }
    };
    const running = Promise.all([worker('a'), worker('b')]);
    return { counts, running, prefs };
  }

  it(
    'answers every request of a steady load during a rolling restart of the three, with no 5xx, and keeps every acknowledged write',
    async () => {
      const ada = await signInOverHttp(balancer, 'usr-ada-0000001');
      let restarted = false;
      const load = steadyLoad(ada, () => restarted);
      for (let i = 0; i < 3; i++) {
        // SIGTERM: /readyz 503 first, the balancer moves away, requests in flight finish, exit 0.
        expect(await replicas[i]?.stop()).toBe(0);
        const replacement = startReplica(i, server.url);
        replicas[i] = replacement;
        await replacement.url();
        await balancerReaches([REPLICAS[i] ?? '']);
      }
      restarted = true;
      await load.running;
      const { counts } = load;
      console.log(`rolling restart: ${counts.sent} requests sent, ${counts.answered} answered`);
      expect(counts.sent).toBeGreaterThan(10);
      expect(counts.answered).toBe(counts.sent);
      expect(counts.fiveHundreds).toEqual([]);
      for (const [key, value] of counts.acknowledged) {
        const read = await as(ada, balancer, 'GET', `${load.prefs}?fullyQualifiedName=${key}`);
        expect((read.json.value as { value: string }[])[0]?.value).toBe(String(value));
      }
    },
    LONG,
  );

  it(
    'goes on with a journey through the others when the replica that answered is killed with SIGKILL, losing nothing acknowledged',
    async () => {
      const ada = await signInOverHttp(balancer, 'usr-ada-0000001');
      let sent = 0;
      let answered = 0;
      const step = async (method: string, path: string, body?: unknown) => {
        sent += 1;
        const answer = await as(ada, balancer, method, path, body);
        answered += 1;
        return answer;
      };
      const prefs = `${api}/Users(usr-ada-0000001)/Preferences`;
      const key = 'ProductSwitcher.defaultService';
      const set = await step('PUT', `${prefs}(${key})`, { value: 'killed-mid-journey' });
      expect(set.status).toBe(200);
      // The replica that acknowledged the write dies at once, without draining.
      const victim = REPLICAS.indexOf(set.replica as (typeof REPLICAS)[number]);
      expect(victim).toBeGreaterThanOrEqual(0);
      replicas[victim]?.child.kill('SIGKILL');
      await replicas[victim]?.exited;
      const query = new URLSearchParams({
        nonce: 'n',
        client_id: 'cdlg_app',
        access_code: ada.xsrf,
      });
      expect((await step('GET', `${api}/jwt/Token?${query}`)).status).toBe(200);
      for (let i = 0; i < 4; i++) {
        const read = await step('GET', `${prefs}?fullyQualifiedName=${key}`);
        expect(read.status).toBe(200);
        expect(read.replica).not.toBe(set.replica);
        expect((read.json.value as { value: string }[])[0]?.value).toBe('killed-mid-journey');
      }
      expect((await step('POST', '/session-service/api/v1/session/logout')).status).toBeLessThan(
        300,
      );
      expect(answered).toBe(sent);
      // Back to three for what follows.
      replicas[victim] = startReplica(victim, server.url);
      await replicas[victim]?.url();
    },
    LONG,
  );
});
