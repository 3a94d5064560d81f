import { expect, test } from '@playwright/test';
import { openConsole, type Panel } from './consoleSupport.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

test.describe('given the emulator console open beside a signed-in page', () => {
  test('the log shows a request by its X-Request-Id with its persona and conformance verdict, and opens its bodies', async ({
    page,
    context,
  }) => {
    await signIn(page, 'ada');
    const consolePage = await context.newPage();
    await openConsole(consolePage, 'requests');
    const requestId = `e2e-console-${Date.now()}`;
    const answer = await page.request.get('/session-service/api/v1/session/User', {
      headers: { 'X-Request-Id': requestId },
    });
    expect(answer.status()).toBe(200);
    const row = consolePage.locator(`tr[data-request-id="${requestId}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ada Admin');
    await expect(row).toContainText('conforms');
    await row.getByRole('button').click();
    const detail = consolePage.getByRole('region', { name: /session\/User/ });
    await expect(detail).toContainText(requestId);
    await expect(detail).toContainText('"displayName": "Ada Admin"');
  });

  test('a request logged while the live stream was away shows once the stream is back', async ({
    page,
    context,
  }) => {
    await signIn(page, 'ada');
    const consolePage = await context.newPage();
    // The stream's first connection fails, as a dropped reader's would; the browser connects
    // again a few seconds later.
    let connections = 0;
    await consolePage.route('**/__emulator/api/requests/stream', (route) =>
      connections++ === 0 ? route.abort() : route.continue(),
    );
    await openConsole(consolePage, 'requests');
    // The sign-in's own requests are listed: the console has read the log once.
    await expect(consolePage.locator('tr[data-request-id]').first()).toBeVisible();
    const requestId = `e2e-console-gap-${Date.now()}`;
    await page.request.get('/session-service/api/v1/session/User', {
      headers: { 'X-Request-Id': requestId },
    });
    await expect(consolePage.getByText(/newest first \(live\)/)).toBeVisible();
    await expect(consolePage.locator(`tr[data-request-id="${requestId}"]`)).toBeVisible();
    expect(connections).toBe(2);
  });

  test('every panel of the console has no serious accessibility violation', async ({ page }) => {
    await signIn(page, 'ada');
    for (const panel of ['requests', 'personas', 'clock', 'faults', 'states'] as Panel[]) {
      await openConsole(page, panel);
      await expect(page.locator('main h2')).not.toBeEmpty();
      await expectNoAxeViolations(page);
    }
  });
});
