import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so
// tests need no build; the published build is tested by the consumer matrix.
const sources = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

// Unit and integration tests of every package; e2e/ is Playwright's. The time limits allow for a
// loaded machine: `npm test` runs other steps beside Vitest (decision 1296).
export default defineConfig({
  test: {
    projects: [
      {
        ...sources,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/{platform-contract,platform-client,platform-emulator}/src/**/*.test.ts',
            'integration/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // A worker runs its files one after another in one process, each file importing its
          // test module anew but sharing the modules it imports: the emulator's code and PGlite's
          // compiled WebAssembly are loaded once per worker, not once per file (411 → 267 s,
          // 796 → 505 CPU-seconds on two cores; decision 1302). These tests take their clock,
          // environment and storage as options and set no global, so a file cannot see another's.
          isolate: false,
        },
      },
      {
        // Type tests (*.test-d.ts): checked by the compiler (tsc), each `it` reported as a test.
        ...sources,
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['packages/{platform-contract,platform-client}/src/**/*.test-d.ts'],
            tsconfig: 'tsconfig.test-d.json',
          },
        },
      },
      {
        ...sources,
        plugins: [react()],
        test: {
          name: 'switcher',
          environment: 'jsdom',
          testTimeout: 20_000,
          // With the switcher bench's render page, which draws the switcher's markup.
          include: [
            'packages/service-switcher/src/**/*.test.{ts,tsx}',
            'bench/switcher/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        ...sources,
        plugins: [react()],
        test: {
          name: 'client-react',
          environment: './scripts/vitest/jsdom-node-modules.ts',
          testTimeout: 20_000,
          include: [
            'packages/platform-client/src/**/*.test.tsx',
            'packages/platform-emulator/src/testkit/**/*.test.tsx',
            'integration/**/*.test.tsx',
          ],
        },
      },
    ],
  },
});
