// `npm run bench:outage`: what clients see when PostgreSQL restarts under two emulator
// processes (issue 28, decision 0940). Six writers (BENCH_WRITERS) create preferences through
// both processes; after BENCH_BEFORE seconds (3) PostgreSQL stops (BENCH_MODE fast|immediate) for
// BENCH_DOWN seconds (5), then starts again. Prints the answers by status during the outage,
// how long after PostgreSQL accepted connections again each process's /readyz was 200 and the
// first write was acknowledged, and whether every acknowledged write is stored exactly once.
// Not part of `npm test`: numbers go to bench/README.md. Loopback only, free ports only.
import { startCli } from '../../packages/platform-emulator/src/test-support/cli.ts';
import { signInOverHttp } from '../../packages/platform-emulator/src/test-support/httpPersona.ts';
import { createPostgres } from '../../packages/platform-emulator/src/test-support/postgresServer.ts';

const writers = Number(process.env.BENCH_WRITERS ?? 6);
const beforeMs = Number(process.env.BENCH_BEFORE ?? 3) * 1000;
const downMs = Number(process.env.BENCH_DOWN ?? 5) * 1000;
/** `fast` (clients told 57P01) or `immediate` (as a crash: connections cut). */
const mode = process.env.BENCH_MODE === 'immediate' ? 'immediate' : 'fast';
const prefs = '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = await createPostgres();
await cluster.start();
const env = { DATABASE_URL: cluster.url, EMULATOR_JWT_SECRET: '' };
const processes = [
  startCli(['--log-level', 'error'], env),
  startCli(['--log-level', 'error'], env),
];
try {
  const urls = await Promise.all(processes.map((p) => p.url()));
  const ada = await signInOverHttp(urls[0] ?? '', 'usr-ada-0000001');
  const answers: { name: string; at: number; status: number }[] = [];
  let running = true;
  const write = async (base: string, id: number) => {
    for (let n = 0; running; n++) {
      const name = `Bench.w${id}-${n}`;
      let status = 0;
      try {
        const response = await fetch(`${base}${prefs}`, {
          method: 'POST',
          headers: {
            cookie: ada.cookie,
            'x-xsrf-token': ada.xsrf,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ fullyQualifiedName: name, value: 'v' }),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // connection refused or reset: counted as status 0
      }
      answers.push({ name, at: performance.now(), status });
    }
  };
  const load = Array.from({ length: writers }, (_, i) => write(urls[i % 2] ?? '', i));

  await sleep(beforeMs);
  const halted = performance.now();
  await cluster.halt(mode);
  await sleep(downMs);
  await cluster.start();
  const up = performance.now();
  const readyAfter = await Promise.all(
    urls.map(async (url) => {
      for (;;) {
        const status = await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return performance.now() - up;
        await sleep(20);
      }
    }),
  );
  await sleep(beforeMs);
  running = false;
  await Promise.all(load);

  const ready = up + Math.max(...readyAfter);
  const during = answers.filter((a) => a.at >= halted && a.at <= ready);
  const count = (list: typeof answers) =>
    Object.entries(
      list.reduce<Record<string, number>>((acc, a) => {
        acc[a.status] = (acc[a.status] ?? 0) + 1;
        return acc;
      }, {}),
    )
      .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n}`)
      .join(', ');
  const firstAck = answers.find((a) => a.at > up && a.status === 201);
  const listed = await fetch(`${urls[1]}${prefs}`, { headers: { cookie: ada.cookie } });
  const stored = ((await listed.json()) as { value: { fullyQualifiedName: string }[] }).value.map(
    (v) => v.fullyQualifiedName,
  );
  const acknowledged = answers.filter((a) => a.status === 201);
  const lost = acknowledged.filter((a) => !stored.includes(a.name)).length;
  const duplicated = stored.length - new Set(stored).size;
  console.log(`writers: ${writers}, PostgreSQL down ${downMs / 1000} s (${mode} shutdown)`);
  console.log(`all answers: ${count(answers)}`);
  console.log(`answers from the stop until both ready again: ${count(during)}`);
  console.log(
    `/readyz 200 after PostgreSQL accepted connections: ${readyAfter.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
  );
  console.log(
    `first acknowledged write after that: ${firstAck ? `${Math.round(firstAck.at - up)} ms` : 'none'}`,
  );
  console.log(
    `acknowledged: ${acknowledged.length}, lost: ${lost}, duplicated: ${duplicated}, processes alive: ${processes.filter((p) => p.child.exitCode === null).length}/2`,
  );
} finally {
  await Promise.all(processes.map((p) => p.stop()));
  cluster.remove();
}
