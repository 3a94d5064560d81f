// How long an in-process emulator takes to be ready (listening on port 0), migrating and
// seeding a fresh in-memory database versus restoring the seeded snapshot.
// Run: node --conditions=source --import tsx bench/emulator/startup.ts [runs]
// Prints wall time and this process's CPU time per start (the CPU time is what a loaded
// machine cannot stretch), and the median of each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmulator, seededSnapshot } from '@ics/platform-emulator';

const runs = Number(process.argv[2] ?? 3);
const cacheDir = mkdtempSync(join(tmpdir(), 'ics-startup-bench-'));

async function timed(start: () => Promise<{ close(): Promise<void> }>) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const emulator = await start();
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  await emulator.close();
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const startWith = (snapshot?: Blob) => async () => {
  const emulator = await createEmulator({ database: 'memory', snapshot });
  await emulator.listen({ port: 0 });
  return emulator;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const report = (name: string, results: { wallMs: number; cpuMs: number }[]) => {
  const ms = (n: number) => `${Math.round(n)} ms`;
  for (const r of results) console.log(`${name}: wall ${ms(r.wallMs)}, cpu ${ms(r.cpuMs)}`);
  console.log(
    `${name} median: wall ${ms(median(results.map((r) => r.wallMs)))}, cpu ${ms(median(results.map((r) => r.cpuMs)))}`,
  );
};

try {
  const fresh = [];
  for (let i = 0; i < runs; i++) fresh.push(await timed(startWith()));
  report('migrate and seed', fresh);

  const made = await timed(async () => ({
    close: async () => {},
    snapshot: await seededSnapshot({ cacheDir }),
  }));
  report('make the snapshot (once per code version)', [made]);

  const restored = [];
  for (let i = 0; i < runs; i++) {
    const snapshot = await seededSnapshot({ cacheDir });
    restored.push(await timed(startWith(snapshot)));
  }
  report('restore the snapshot', restored);
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
}
