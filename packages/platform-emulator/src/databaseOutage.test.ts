import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from './test-support/cli.ts';
import { signInOverHttp } from './test-support/httpPersona.ts';
import { createPostgres, type PostgresCluster } from './test-support/postgresServer.ts';

const prefs = '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences';

/** Polls `check` until it holds, for at most `limitMs` of real time (a real event, no sleep). */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what} after ${limitMs} ms.`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const status = async (url: string) => {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
};

/**
 * Two emulator CLI processes on one PostgreSQL 15 server that is not up when they start, then
 * restarted under a steady write load through both (issue 28, decision 0940).
 */
describe('given two emulator processes on a PostgreSQL server that starts late and restarts', () => {
  let cluster: PostgresCluster;
  let processes: ReturnType<typeof startCli>[] = [];
  let urls: string[] = [];
  beforeAll(async () => {
    cluster = await createPostgres();
    const env = { DATABASE_URL: cluster.url, EMULATOR_JWT_SECRET: '' };
    const args = ['--log-level', 'warn', '--database-wait', '120'];
    processes = [startCli(args, env), startCli(args, env)];
    // The server starts about 5 s late: once both have failed six attempts (at 0, 0.25, 0.75,
    // 1.75, 3.75 and 5.75 s: the backoff doubles from 250 ms up to 2 s).
    await Promise.all(
      processes.map((p) =>
        p.line((l) => l.startsWith('Waiting for the database') && l.includes('attempt 6')),
      ),
    );
    await cluster.start();
    urls = await Promise.all(processes.map((p) => p.url()));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    cluster?.remove();
  });

  it('waits for the server that starts about 5 s late with one line per attempt naming its URL and the cause, then serves', async () => {
    for (const p of processes) {
      const waits = p.lines.filter((l) => l.startsWith('Waiting for the database'));
      expect(waits.length).toBeGreaterThanOrEqual(6);
      expect(waits[0]).toContain(`at ${cluster.url} (attempt 1: connect ECONNREFUSED`);
    }
    for (const url of urls) expect(await status(`${url}/readyz`)).toBe(200);
  });

  it('answers every write during a restart under load with 201 or 503 + Retry-After, loses or duplicates no acknowledged write, and is ready again', async () => {
    const ada = await signInOverHttp(urls[0] ?? '', 'usr-ada-0000001');
    const results: { name: string; status: number; retryAfter: string | null; code?: string }[] =
      [];
    let loading = true;
    const writer = async (base: string, id: string) => {
      for (let n = 0; loading; n++) {
        const name = `Outage.${id}-${n}`;
        try {
          const response = await fetch(`${base}${prefs}`, {
            method: 'POST',
            headers: {
              cookie: ada.cookie,
              'x-xsrf-token': ada.xsrf,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ fullyQualifiedName: name, value: `v-${id}-${n}` }),
          });
          const body = (await response.json()) as { error?: { code: string } };
          results.push({
            name,
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            code: body.error?.code,
          });
        } catch {
          results.push({ name, status: 0, retryAfter: null });
        }
      }
    };
    const writers = [0, 1, 2, 3, 4, 5].map((i) => writer(urls[i % 2] ?? '', `w${i}`));
    const acknowledged = () => results.filter((r) => r.status === 201).length;
    const refused = () => results.filter((r) => r.status === 503).length;

    await until('writes before the restart', () => acknowledged() >= 30);
    await cluster.halt('fast');
    await until('writes refused while the server is down', () => refused() >= 10);
    const during = await Promise.all(
      urls.flatMap((url) => [status(`${url}/healthz`), status(`${url}/readyz`)]),
    );
    expect(during).toEqual([200, 503, 200, 503]);

    await cluster.start();
    // Ready again within the readiness timeout (2 s) plus a generous margin for a busy machine.
    await until(
      'both processes ready after the restart',
      async () =>
        (await Promise.all(urls.map((u) => status(`${u}/readyz`)))).every((s) => s === 200),
      15_000,
    );
    const afterRestart = acknowledged();
    await until('writes after the restart', () => acknowledged() >= afterRestart + 30);
    loading = false;
    await Promise.all(writers);

    expect(results.filter((r) => r.status !== 201 && r.status !== 503)).toEqual([]);
    for (const r of results.filter((x) => x.status === 503)) {
      expect(r.retryAfter).toBe('2');
      expect(r.code).toBe('DATABASE_UNAVAILABLE');
    }
    for (const p of processes) expect(p.child.exitCode).toBeNull();

    const listed = await fetch(`${urls[1]}${prefs}`, { headers: { cookie: ada.cookie } });
    const stored = ((await listed.json()) as { value: { fullyQualifiedName: string }[] }).value
      .map((v) => v.fullyQualifiedName)
      .filter((n) => n.startsWith('Outage.'));
    expect(new Set(stored).size).toBe(stored.length);
    const missing = results
      .filter((r) => r.status === 201 && !stored.includes(r.name))
      .map((r) => r.name);
    expect(missing).toEqual([]);
  }, 90_000);

  it('acknowledges the first write through each process after a crash-like restart while idle', async () => {
    const ada = await signInOverHttp(urls[1] ?? '', 'usr-ada-0000001');
    // Every process holds pooled connections from the writes before; the server now cuts them.
    await cluster.halt('immediate');
    await cluster.start();
    const statuses = await Promise.all(
      urls.map(
        async (url, i) =>
          (
            await fetch(`${url}${prefs}`, {
              method: 'POST',
              headers: {
                cookie: ada.cookie,
                'x-xsrf-token': ada.xsrf,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ fullyQualifiedName: `Idle.p${i}`, value: 'v' }),
            })
          ).status,
      ),
    );
    expect(statuses).toEqual([201, 201]);
  }, 60_000);
});
