// Mutation testing of the rule and guard modules (docs/quality.md, docs/decisions/0740).
// `npm run mutation` runs every mutant and rewrites the committed incremental file;
// `stryker run --incremental` (what `npm test` runs) re-tests only the mutants of changed code
// and of code covered by changed tests. scripts/mutation-thresholds.mjs then enforces the
// per-file thresholds on the JSON report.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) would each run every test: 8 % of the mutants,
  // 65 % of the time. They are reported as ignored (docs/decisions/0740).
  ignoreStatic: true,
  // Grown in stages, each with a complete run recorded in the incremental file (docs/quality.md):
  // the guard files first, then the other rule modules.
  mutate: [
    'packages/platform-client/src/http/headers.ts',
    'packages/platform-client/src/http/authRedirect.ts',
    'packages/platform-client/src/shell/shellMessages.ts',
    'packages/platform-client/src/session/tokenResponse.ts',
    'packages/platform-client/src/access/*.ts',
    'packages/service-switcher/src/model/safeUrl.ts',
    'packages/platform-contract/src/validation/*.ts',
    // The contract's path rules and the switcher's model (issue 15, stage 2).
    'packages/platform-contract/src/path.ts',
    'packages/service-switcher/src/model/*.ts',
    // The emulator's access decisions (pure; policy.ts fetches their facts).
    'packages/platform-emulator/src/policy/rules.ts',
    // Stage 2 (issue 15): the client's other rule modules.
    'packages/platform-client/src/extensions/compatibility.ts',
    'packages/platform-client/src/extensions/extensionLoader.ts',
    'packages/platform-client/src/http/bind.ts',
    'packages/platform-client/src/http/cache.ts',
    'packages/platform-client/src/http/pipeline.ts',
    'packages/platform-client/src/http/serviceDirectory.ts',
    'packages/platform-client/src/http/transport.ts',
    'packages/platform-client/src/session/idleSession.ts',
    'packages/platform-client/src/session/sessionManager.ts',
    'packages/platform-client/src/session/tabBus.ts',
    'packages/platform-client/src/session/timers.ts',
    'packages/platform-client/src/session/tokenManager.ts',
    'packages/platform-client/src/validation/preferences.ts',
    '!**/*.test.ts',
    '!**/index.ts',
  ],
  // Only what the unit tests need is copied into the sandbox.
  ignorePatterns: [
    '/apps',
    '/bench',
    '/docs',
    '/e2e',
    // Of the emulator, only its pure access rules and their tests.
    '/packages/platform-emulator/*',
    '!/packages/platform-emulator/src',
    '/packages/platform-emulator/src/*',
    '!/packages/platform-emulator/src/policy',
    '/packages/platform-emulator/src/policy/*',
    '!/packages/platform-emulator/src/policy/rules*.ts',
    '/packages/service-switcher/src/ui',
    '.data',
    '.test-output',
    'dist',
  ],
  // The machine has 2 cores: one test process per core.
  concurrency: 2,
  incrementalFile: 'bench/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.test-output/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 95, low: 90, break: 90 },
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
