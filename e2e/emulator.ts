// The e2e suite's emulator: the CLI's server (throw-away database, the built demo) with every
// answer checked against the contract. A mismatch is appended at once to
// `$E2E_CONFORMANCE_DIR/<port>.jsonl` (the web server is killed at the end, so nothing may wait
// for its exit); `conformance.ts`, the global teardown, fails the run when any was written.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Conformance, createEmulator, seededSnapshot } from '@ics/platform-emulator';
import { buildExtensions, EXTENSIONS_PRODUCT } from './extensions/build.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    demo: { type: 'string', default: '../apps/demo/dist' },
    // By default the emulator's own (packages/platform-emulator/dist-reference), written by
    // `node scripts/api-reference.mjs`, which `npm test` runs before Playwright.
    reference: { type: 'string' },
    'token-lifetime': { type: 'string' },
    faults: { type: 'boolean', default: false },
  },
});
const dir = process.env.E2E_CONFORMANCE_DIR;
if (!dir) throw new Error('E2E_CONFORMANCE_DIR names where answers that break the contract go.');
const report = join(dir, `${values.port}.jsonl`);

const conformance = new Conformance();
const emulator = await createEmulator({
  database: 'memory',
  snapshot: await seededSnapshot(),
  demoDir: resolve(values.demo),
  ...(values.reference ? { referenceDir: resolve(values.reference) } : {}),
  faults: values.faults,
  // The example extension and the fixtures, for the extension journeys (extensions/build.ts).
  extensions: { [EXTENSIONS_PRODUCT]: await buildExtensions() },
  ...(values['token-lifetime'] ? { tokenLifetimeSeconds: Number(values['token-lifetime']) } : {}),
  onAnswer: (answer) => {
    const known = conformance.mismatches.length;
    conformance.check(answer);
    for (const mismatch of conformance.mismatches.slice(known)) {
      mkdirSync(dir, { recursive: true }); // the global setup may have cleared it since
      appendFileSync(report, `${JSON.stringify(mismatch)}\n`);
    }
  },
});
console.log(`e2e emulator listening at ${await emulator.listen({ port: Number(values.port) })}/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void emulator.close().finally(() => process.exit(0)));
