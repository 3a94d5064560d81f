import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * End-to-end tests in Debian's Chromium (no browser download) against the emulator with a
 * throw-away database, serving the built demo on one origin.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../.test-output/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../.test-output/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
  webServer: [
    {
      command: `node --conditions=source --import tsx ../packages/platform-emulator/bin/platform-emulator.mjs --port ${port} --database memory --faults --demo ../apps/demo/dist`,
      url: `http://127.0.0.1:${port}/shell-service/api/v1/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Short-lived tokens for the session tests (e2e/tests/session.spec.ts), on the next port.
      command: `node --conditions=source --import tsx ../packages/platform-emulator/bin/platform-emulator.mjs --port ${port + 1} --database memory --demo ../apps/demo/dist --token-lifetime 6`,
      url: `http://127.0.0.1:${port + 1}/shell-service/api/v1/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
