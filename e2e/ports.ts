// Where this run's emulators listen (playwright.config.ts starts them). Each Playwright worker has
// a pair of its own, so a test file that sets the clock, a fault or a pause changes only its own
// worker's platform, as when one worker ran every file: worker i has the emulator on
// E2E_PORT + 2i (faults on) and, on the next port, one that issues 6-second tokens (session.spec.ts).

/** How many workers run the spec files; `E2E_WORKERS` overrides (decision 1295). */
export const workers = Number(process.env.E2E_WORKERS ?? 1);

const base = Number(process.env.E2E_PORT ?? 4173);

/**
 * The port of a worker's emulator (its short-token emulator is the next one). In a worker,
 * Playwright sets `TEST_PARALLEL_INDEX` before it loads the config, so the config and a spec file
 * read their own worker's; in the runner it is unset and worker 0's is read.
 */
export const emulatorPort = (worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number =>
  base + 2 * worker;
