// `npm run bench:emulator`: requests/s and latency of the emulator under load, with autocannon,
// for the product fetch and a preference write, on PGlite, on PostgreSQL with one process, and
// on PostgreSQL with two processes behind no balancer (the load is split between them).
// Not part of `npm test`: numbers go to bench/README.md. Loopback only, free ports only.
import autocannon from 'autocannon';
// The emulator's own test tools: its CLI as a process, sign-in, a throw-away PostgreSQL 15.
import { startCli } from '../../packages/platform-emulator/src/test-support/cli.ts';
import { signInOverHttp } from '../../packages/platform-emulator/src/test-support/httpPersona.ts';
import { startPostgres } from '../../packages/platform-emulator/src/test-support/postgresServer.ts';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
// `BENCH_CONSOLE=off` starts the emulators with `--console off` (no console hooks at all): the
// same code with and without its console, for issue 26's "within 5 %".
const consoleArgs = process.env.BENCH_CONSOLE === 'off' ? ['--console', 'off'] : [];
const products = '/shell-service/api/v1/ProductsWithLicenses';
const preference = '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences';

interface Result {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Runs one workload against every process at once, the connections split evenly, and sums
 * the throughput; the latency percentiles are the worst process's (a conservative merge).
 */
async function load(
  urls: string[],
  headers: Record<string, string>,
  request: { method: 'GET' | 'PUT'; path: string; body?: string },
): Promise<Result> {
  const runs = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${request.path}`,
        method: request.method,
        headers: { ...headers, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        ...(request.body ? { body: request.body } : {}),
        connections: Math.max(1, Math.round(connections / urls.length)),
        duration,
      }),
    ),
  );
  return {
    requestsPerSecond: Math.round(runs.reduce((sum, r) => sum + r.requests.average, 0)),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

async function scenario(name: string, processes: number, env: Record<string, string>) {
  const started = [];
  for (let i = 0; i < processes; i += 1)
    started.push(startCli(['--log-level', 'warn', ...consoleArgs], env));
  try {
    const urls = await Promise.all(started.map((p) => p.url()));
    const { cookie, xsrf } = await signInOverHttp(urls[0] ?? '', 'usr-ada-0000001');
    const headers = { cookie, 'x-xsrf-token': xsrf };
    const created = await fetch(`${urls[0]}${preference}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ fullyQualifiedName: 'Bench.value', value: 'start' }),
    });
    // 409: an earlier scenario on the same PostgreSQL database created it.
    if (![201, 409].includes(created.status))
      throw new Error(`The preference answered ${created.status}.`);
    const fetchResult = await load(urls, headers, { method: 'GET', path: products });
    const writeResult = await load(urls, headers, {
      method: 'PUT',
      path: `${preference}(Bench.value)`,
      body: JSON.stringify({ value: 'bench' }),
    });
    return { name, fetch: fetchResult, write: writeResult };
  } finally {
    await Promise.all(started.map((p) => p.stop()));
  }
}

const results = [await scenario('PGlite, 1 process', 1, {})];
const server = await startPostgres();
try {
  const postgres = { DATABASE_URL: server.url };
  results.push(await scenario('PostgreSQL 15, 1 process', 1, postgres));
  results.push(await scenario('PostgreSQL 15, 2 processes', 2, postgres));
} finally {
  server.stop();
}

const row = (r: Result) => `${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors}`;
console.log(
  `\n${connections} connections, ${duration} s per run, console ${consoleArgs.length ? 'off' : 'on (closed)'}, Node ${process.version}\n`,
);
console.log(
  '| Database | Product fetch req/s | p50 ms | p99 ms | errors | Preference write req/s | p50 ms | p99 ms | errors |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.name} | ${row(r.fetch)} | ${row(r.write)} |`);
