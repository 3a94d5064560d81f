import { expect, test, type Page } from '@playwright/test';
import { openConsole, resetConsole } from './consoleSupport.ts';
import { signIn } from './support.ts';

/** Moves the emulator's clock from the console's Clock panel. */
async function advance(consolePage: Page, minutes: number) {
  await openConsole(consolePage, 'clock');
  await consolePage.getByLabel('Advance by').fill(String(minutes));
  await consolePage.getByLabel('Unit').selectOption('minutes');
  await consolePage.getByRole('button', { name: 'Advance', exact: true }).click();
  await expect(consolePage.getByRole('status')).toHaveText(`Advanced by ${minutes} minutes.`);
}

test.describe('given the demo and the console in one browser', () => {
  test.beforeEach(async ({ page }) => {
    // The page's timers run on Playwright's clock (the time worker, which it does not reach,
    // is refused): the browser's clock is moved by the test, the emulator's by the console.
    await page.context().route('**/shell-service/assets/time-worker.js', (route) => route.abort());
    await page.clock.install();
    await signIn(page, 'ada');
  });
  test.afterEach(({ page }) => resetConsole(page));

  test('advancing both clocks past the token’s renewal point shows one renewal in the log', async ({
    page,
    context,
  }) => {
    // The token the client renews must be there before the clocks move.
    const token = page.waitForResponse((r) => r.url().includes('/jwt/Token?') && r.ok());
    await page.goto('/demo/?idleTimeout=86400000&idleWarning=60000');
    await token;
    const consolePage = await context.newPage();
    const renewals = consolePage
      .locator('tbody tr')
      .filter({ hasText: /GET \S*\/jwt\/Renew2?\?/ })
      .filter({ has: consolePage.locator('td', { hasText: /^200$/ }) });
    // The log is the emulator's, shared with earlier tests: count from what is there now.
    await openConsole(consolePage, 'requests');
    await expect(
      consolePage.locator('tbody tr').filter({ hasText: /jwt\/Token\?/ }),
    ).not.toHaveCount(0);
    const before = await renewals.count();
    // 27 minutes: past the renewal 4 minutes before the 30-minute token ends, and within the
    // session's 30-minute idle timeout, which the server enforces too (decision 0982).
    await advance(consolePage, 27);
    await page.clock.fastForward('27:00');
    await openConsole(consolePage, 'requests');
    await expect(
      consolePage.locator('tbody tr').filter({ hasText: /jwt\/Token\?/ }),
    ).not.toHaveCount(0);
    await expect(renewals).toHaveCount(before + 1);
  });

  test('advancing both clocks past the idle limit shows the demo’s warning', async ({
    page,
    context,
  }) => {
    await page.goto('/demo/?idleTimeout=600000&idleWarning=120000');
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    const consolePage = await context.newPage();
    await advance(consolePage, 9);
    await page.clock.fastForward('09:00');
    await expect(page.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  });
});
