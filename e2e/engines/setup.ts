// Global setup of the cross-engine journeys: the e2e suite's two emulators (e2e/emulator.ts with
// the built demo), each on a free loopback port; the teardown stops them and fails the run when
// either answered anything the contract does not allow.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertNoMismatches, clearMismatches } from '../conformance.ts';
import { waitFor } from './driver.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulator of the journeys (with faults, default token lifetime). */
    base: string;
    /** The emulator issuing 6-second tokens, for the session journeys. */
    shortTokens: string;
    /** A free loopback port for WebKitWebDriver. */
    webDriverPort: number;
  }
}

const e2e = resolve(import.meta.dirname, '..');
process.env.E2E_CONFORMANCE_DIR ??= resolve(e2e, '../.test-output/engines-conformance');

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => done(typeof address === 'object' && address ? address.port : 0));
      });
  });

async function startEmulator(args: string[]) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      'emulator.ts',
      '--port',
      String(port),
      '--demo',
      '../apps/demo/dist',
      ...args,
    ],
    { cwd: e2e, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    `the emulator on port ${port}`,
    async () => child.exitCode === null && (await fetch(`${base}/shell-service/api/v1/config`)).ok,
    // Two emulators (PGlite each) start at once: at a load average of 26 on two cores, past 60 s.
    120_000,
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { base, stop };
}

export default async function setup(project: TestProject) {
  clearMismatches();
  const started = await Promise.allSettled([
    startEmulator(['--faults']),
    startEmulator(['--token-lifetime', '6']),
  ]);
  const [main, short] = started.map((result) =>
    result.status === 'fulfilled' ? result.value : undefined,
  );
  if (!main || !short) {
    await Promise.all([main?.stop(), short?.stop()]);
    throw started.find((result) => result.status === 'rejected')?.reason;
  }
  project.provide('base', main.base);
  project.provide('shortTokens', short.base);
  project.provide('webDriverPort', await freePort());
  return async () => {
    await Promise.all([main.stop(), short.stop()]);
    assertNoMismatches();
  };
}
