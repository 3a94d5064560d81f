import { defineConfig } from '@playwright/test';
import { emulatorOrigin, emulatorPort, pageOrigin } from './ports.ts';

/**
 * The switcher bench: Chromium against the emulator serving the built demo, and the render page
 * built and served by vite.config.ts (`npm run bench`).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../.test-output/bench-playwright',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
  use: {
    baseURL: emulatorOrigin,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: [
    {
      command: `node --conditions=source --import tsx ../../packages/platform-emulator/bin/platform-emulator.mjs --port ${emulatorPort} --database memory --demo ../../apps/demo/dist`,
      url: `${emulatorOrigin}/shell-service/api/v1/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command:
        '../../node_modules/.bin/vite build --logLevel warn && ../../node_modules/.bin/vite preview',
      url: `${pageOrigin}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
