import { defineConfig } from 'vitest/config';

// The cross-engine journeys (docs/engines.md): one suite, run in Firefox ESR then WebKitGTK
// (one file per engine, one after the other: two browsers at once on two cores are flaky).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./setup.ts'],
    fileParallelism: false,
    testTimeout: 45_000,
    hookTimeout: 60_000,
    retry: 0,
  },
});
