import { defineConfig } from '@playwright/test';

const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 4390);

/** The switcher bench: Chromium against the emulator serving the built demo (`npm run bench`). */
export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../.test-output/bench-playwright',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: `node --conditions=source --import tsx ../../packages/platform-emulator/bin/platform-emulator.mjs --port ${port} --database memory --demo ../../apps/demo/dist`,
    url: `http://127.0.0.1:${port}/shell-service/api/v1/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
