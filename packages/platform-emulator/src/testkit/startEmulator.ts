import { basename } from 'node:path';
import { createEmulator, type Emulator, type EmulatorOptions } from '../app.ts';
import { writeStateFile } from '../db/stateFile.ts';
import { resolveSeed, type SeedSource } from '../seed/seedFiles.ts';
import { seededSnapshot } from '../snapshot.ts';

/**
 * Options of `startEmulator`: the emulator's, without the database (always a fresh copy of the
 * seeded one); `seed` (files or `defineSeed()` objects) and `state` (a file) as `createEmulator`'s.
 */
export interface TestEmulatorOptions extends Omit<
  EmulatorOptions,
  'database' | 'snapshot' | 'demoDir' | 'faults'
> {
  /** Where the seeded snapshot is kept between runs; default `<tmpdir>/ics-platform-emulator`. */
  readonly snapshotDir?: string;
}

/** A fault to inject: the next `times` calls of `endpoint` answer `status` after `delayMs`. */
export interface Fault {
  /** A contract endpoint as `<group>.<name>`, e.g. `'session.getUser'`. */
  readonly endpoint: string;
  /**
   * The HTTP status the calls answer; below 400 they are only delayed and then answered as usual.
   */
  readonly status: number;
  /** Default 1. */
  readonly times?: number;
  /** Default 0; with `status: 200` the calls are only slowed. */
  readonly delayMs?: number;
}

/** An emulator started for a test: its address, fault injection and `close`. */
export interface TestEmulator {
  /** The base address, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  /** The running emulator (its Fastify `app` answers `inject` without a port). */
  readonly emulator: Emulator;
  /** Makes the next calls of an endpoint fail or slow down. */
  fault(fault: Fault): Promise<void>;
  /** Removes every injected fault. */
  clearFaults(): Promise<void>;
  /**
   * Writes the data as a state file to commit (`startEmulator({ state: file })` starts from it),
   * named `name` (default the file's name without `.json`).
   */
  saveState(file: string, name?: string): Promise<void>;
  /** Stops the emulator and frees its database; call it in `afterAll`. */
  close(): Promise<void>;
}

/**
 * Starts the platform emulator in this process on a free loopback port, with its own
 * throw-away copy of the seeded database (restored from a snapshot, so no migration or
 * seeding per start) and fault injection on: `const emulator = await startEmulator()`.
 *
 * @example
 * ```ts
 * // docs/client.md, "Test kit"
 * import { signIn, startEmulator } from '@ics/platform-emulator/testing';
 *
 * const emulator = await startEmulator();
 * try {
 *   const client = await signIn('ada', emulator);
 *   console.log((await client.session.getUser()).displayName); // 'Ada Admin'
 *   await emulator.fault({ endpoint: 'session.getUser', status: 503, times: 3 });
 * } finally {
 *   await emulator.close();
 * }
 * ```
 */
export async function startEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const { snapshotDir, ...rest } = options;
  const sources = rest.seed === undefined ? [] : ([] as SeedSource[]).concat(rest.seed);
  const snapshot = await seededSnapshot({ cacheDir: snapshotDir, seed: resolveSeed(sources) });
  const emulator = await createEmulator({ ...rest, database: 'memory', snapshot, faults: true });
  const url = await emulator.listen({ port: 0, host: '127.0.0.1' });
  const faults = async (method: 'POST' | 'DELETE', payload?: Fault) => {
    const answer = await emulator.app.inject({ method, url: '/__emulator/faults', payload });
    if (answer.statusCode >= 300) throw new Error(`Fault refused: ${answer.body}`);
  };
  return {
    url,
    emulator,
    fault: (fault) => faults('POST', fault),
    clearFaults: () => faults('DELETE'),
    async saveState(file, name = basename(file).replace(/(\.state)?\.json$/, '')) {
      await emulator.admin.saveState(name);
      writeStateFile(file, await emulator.admin.stateFile(name));
    },
    close: () => emulator.close(),
  };
}
