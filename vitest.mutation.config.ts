import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The fast unit tests of the modules that `npm run mutation` mutates (stryker.config.mjs):
// no integration tests, no emulator, no browser, so each mutant is tested in seconds.
export default defineConfig({
  resolve: {
    // The workspace links resolve to the original sources; inside Stryker's sandbox the
    // packages must import each other's (mutated) copies.
    alias: [
      {
        find: /^@ics\/platform-contract$/,
        replacement: source('packages/platform-contract/src/index.ts'),
      },
      {
        find: /^@ics\/platform-client$/,
        replacement: source('packages/platform-client/src/index.ts'),
      },
    ],
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    include: [
      'packages/platform-contract/src/path.test.ts',
      'packages/platform-contract/src/validation/*.test.ts',
      'packages/platform-client/src/{access,http,session,shell,extensions,validation,services}/*.test.ts',
      'packages/platform-client/src/createPlatformClient.test.ts',
      'packages/service-switcher/src/model/*.test.ts',
      'packages/platform-emulator/src/policy/rules.test.ts',
    ],
  },
});
