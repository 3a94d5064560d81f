// `node --conditions=source --import tsx bench/emulator/console.ts [requests] [rounds]`: the CPU
// time the emulator spends per request with its console switched off and with it on but closed
// (no page open: the request log records, nothing streams), alternating rounds on two
// emulators in this process. CPU time, not wall time, so a loaded machine stretches it less
// (bench/README.md). Not part of `npm test`.
import {
  createEmulator,
  seededSnapshot,
  type Emulator,
} from '../../packages/platform-emulator/src/index.ts';
import { signInWithInject } from '../../packages/platform-emulator/src/test-support/signIn.ts';

const requests = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);
const snapshot = await seededSnapshot();

async function start(console: boolean) {
  const emulator = await createEmulator({ database: 'memory', snapshot, console });
  const { cookies } = await signInWithInject(emulator.app, 'usr-ada-0000001');
  return { emulator, cookies };
}

/** CPU microseconds per request for `requests` product fetches, one at a time. */
async function measure({
  emulator,
  cookies,
}: {
  emulator: Emulator;
  cookies: Record<string, string>;
}) {
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const answer = await emulator.app.inject({
      url: '/shell-service/api/v1/ProductsWithLicenses',
      cookies,
    });
    if (answer.statusCode !== 200) throw new Error(`answered ${answer.statusCode}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
}

const off = await start(false);
const on = await start(true);
await measure(off); // warm both up: compiled validators, JIT
await measure(on);
const results = { off: [] as number[], on: [] as number[] };
for (let round = 0; round < rounds; round++) {
  results.off.push(await measure(off));
  results.on.push(await measure(on));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const [a, b] = [median(results.off), median(results.on)];
console.log(`${requests} product fetches × ${rounds} rounds, CPU µs per request (median):`);
console.log(`console off: ${a.toFixed(0)} (${results.off.map((x) => x.toFixed(0)).join(', ')})`);
console.log(
  `console on, closed: ${b.toFixed(0)} (${results.on.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(`difference: ${(((b - a) / a) * 100).toFixed(1)} %`);
await off.emulator.close();
await on.emulator.close();
