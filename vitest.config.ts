import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package; e2e/ is Playwright's.
export default defineConfig({
  test: {
    projects: [
      {
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
        plugins: [react()],
        test: {
          name: 'switcher',
          environment: 'jsdom',
          include: ['packages/service-switcher/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
