// `npm run bench:replicas`: requests/s and p99 of one, two and three emulator replicas on one
// PostgreSQL 15 server behind HAProxy (round robin, decision 1222), and of one replica with the
// console's settings cached for a second (`--settings-cache 1`, decision 1220), with autocannon.
// Not part of `npm test`: numbers go to bench/README.md. Loopback only, free ports only.
import autocannon from 'autocannon';
import { startCli } from '../../packages/platform-emulator/src/test-support/cli.ts';
import {
  freePort,
  startHaproxy,
} from '../../packages/platform-emulator/src/test-support/haproxy.ts';
import { signInOverHttp } from '../../packages/platform-emulator/src/test-support/httpPersona.ts';
import { startPostgres } from '../../packages/platform-emulator/src/test-support/postgresServer.ts';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 24);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const products = '/shell-service/api/v1/ProductsWithLicenses';

async function scenario(url: string, replicas: number, extra: string[] = []) {
  const names = Array.from({ length: replicas }, (_, i) => `r${i + 1}`);
  const ports = await Promise.all(names.map(() => freePort()));
  const started = names.map((name, i) =>
    startCli(['--port', String(ports[i]), '--log-level', 'warn', ...extra], {
      DATABASE_URL: url,
      EMULATOR_REPLICA: name,
    }),
  );
  const balancer = await startHaproxy(ports, names);
  try {
    await Promise.all(started.map((p) => p.url()));
    // Until the balancer has marked every replica up (bounded: no sleep, a poll).
    const seen = new Set<string>();
    for (let i = 0; seen.size < replicas && i < 2000; i++) {
      const name = (await fetch(`${balancer.url}/healthz`)).headers.get('x-emulator-replica');
      if (name) seen.add(name);
    }
    const ada = await signInOverHttp(balancer.url, 'usr-ada-0000001');
    const run = await autocannon({
      url: `${balancer.url}${products}`,
      headers: { cookie: ada.cookie, 'x-xsrf-token': ada.xsrf },
      connections,
      duration,
    });
    return {
      replicas,
      settingsCache: extra.length ? '1 s' : 'none',
      requestsPerSecond: Math.round(run.requests.average),
      p50: run.latency.p50,
      p99: run.latency.p99,
      errors: run.errors + run.non2xx,
    };
  } finally {
    balancer.stop();
    await Promise.all(started.map((p) => p.stop()));
  }
}

const server = await startPostgres();
try {
  const results = [];
  for (const replicas of [1, 2, 3]) results.push(await scenario(server.url, replicas));
  results.push(await scenario(server.url, 1, ['--settings-cache', '1']));
  console.table(results);
} finally {
  server.stop();
}
