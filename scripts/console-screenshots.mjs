// `node scripts/console-screenshots.mjs`: the emulator console's screenshots in
// docs/images/console-*.png (docs/getting-started.md), taken in Debian's Chromium against a
// throw-away emulator on a free loopback port. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const emulator = spawn(
  process.execPath,
  [
    '--conditions=source',
    '--import',
    'tsx',
    'packages/platform-emulator/bin/platform-emulator.mjs',
    '--port',
    '0',
    '--database',
    'memory',
    '--log-level',
    'warn',
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise((done, fail) => {
  emulator.on('exit', (code) => fail(new Error(`The emulator exited (${code}).`)));
  emulator.stdout.setEncoding('utf8').on('data', (text) => {
    const found = /listening at (\S+)\/\n/.exec(text);
    if (found) done(found[1]);
  });
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ baseURL: url, viewport: { width: 1100, height: 640 } });
  // Some traffic to show: Ada signs in, the demo loads, one request fails.
  await page.goto('/');
  await page.getByRole('button', { name: /Ada Admin/ }).click();
  await page.waitForURL('**/demo/');
  await page.getByText(/Signed in as/).waitFor();
  await page.request.get('/shell-service/api/v1/ProductRegistry(none)');
  const shot = async (panel, name) => {
    await page.goto(`/__emulator/#${panel}`);
    await page.locator('main h2').waitFor();
    await page.waitForTimeout(500); // the panel's first data, for a picture only
    await page.screenshot({ path: `${root}/docs/images/console-${name}.png` });
  };
  await shot('requests', 'requests');
  await shot('personas', 'personas');
  await page.goto('/__emulator/#clock');
  await page.getByLabel('Advance by').fill('2');
  await page.getByLabel('Unit').selectOption('hours');
  await page.getByRole('button', { name: 'Advance', exact: true }).click();
  await page.getByText('Advanced by 2 hours.').waitFor();
  await page.screenshot({ path: `${root}/docs/images/console-clock.png` });
  await page.goto('/__emulator/#faults');
  await page.getByLabel('Error code').fill('SS_001');
  await page.getByRole('button', { name: 'Add fault' }).click();
  await page.getByText('Fault switched on.').waitFor();
  await page.reload(); // the page as served while a fault is on: with the banner
  await page.getByText('shell.getProductsWithLicenses', { exact: true }).waitFor();
  await page.screenshot({ path: `${root}/docs/images/console-faults.png` });
  await page.goto('/__emulator/#states');
  await page.getByLabel('Name').fill('before the bug');
  await page.getByRole('button', { name: 'Save state' }).click();
  await page.getByText('Saved “before the bug”.').waitFor();
  await page.screenshot({ path: `${root}/docs/images/console-states.png` });
} finally {
  await browser.close();
  emulator.kill('SIGTERM');
}
