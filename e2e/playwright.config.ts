import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { emulatorPort, workers } from './ports.ts';

// Where the emulators put answers that break the contract; the global teardown fails on any.
process.env.E2E_CONFORMANCE_DIR ??= resolve(import.meta.dirname, `../.test-output/e2e-conformance`);
const emulator = (args: string) =>
  `node --conditions=source --import tsx emulator.ts --port ${args} --demo ../apps/demo/dist`;

/**
 * End-to-end tests in Debian's Chromium (no browser download) against the emulator with a
 * throw-away database, serving the built demo on one origin. Each worker has emulators of its own
 * (ports.ts).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../.test-output/playwright',
  globalSetup: './globalSetup.ts',
  globalTeardown: './globalTeardown.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  // A test that waits on axe and a signed-in page may take several times its quiet time on a
  // loaded machine (npm test runs other steps beside it, decision 1296).
  timeout: 90_000,
  // A web-first assertion waits up to this for the page to get there: the 5 s default failed
  // with two busy cores beside one worker (a translated card late by more than 5 s, 1 in 9).
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-output/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${emulatorPort()}`,
    // A failed test keeps its trace (actions, console, errors, sources) and a screenshot; no DOM
    // snapshots, with which Playwright also records the network, nor screencast frames: every
    // test paid for them, passing or not, a tenth of the suite's CPU (decisions 1295, 1302).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, worker) => emulatorPort(worker)).flatMap(
    (port) => [
      {
        command: emulator(`${port} --faults`),
        url: `http://127.0.0.1:${port}/shell-service/api/v1/config`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      },
      {
        // Short-lived tokens for the session tests (e2e/tests/session.spec.ts), on the next port.
        command: emulator(`${port + 1} --token-lifetime 6`),
        url: `http://127.0.0.1:${port + 1}/shell-service/api/v1/config`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      },
    ],
  ),
});
