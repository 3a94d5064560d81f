import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so
// tests need no build; the published build is tested by the consumer matrix.
const sources = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

// Unit and integration tests of every package; e2e/ is Playwright's.
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
