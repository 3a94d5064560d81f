import { expect, test } from '@playwright/test';
import { admin, openConsole, resetConsole } from './consoleSupport.ts';
import { signIn } from './support.ts';
import { openDialog } from './switcherSupport.ts';

const BANNER = 'Emulator faults are switched on';

test.describe('given a 503 for the product answer switched on in the console', () => {
  test.afterEach(({ page }) => resetConsole(page));

  test('the switcher shows its error view, every page shows the banner, and switching it off clears both', async ({
    page,
    context,
  }) => {
    await signIn(page, 'ada');
    const consolePage = await context.newPage();
    await openConsole(consolePage, 'faults');
    await consolePage
      .getByLabel('Operation', { exact: true })
      .fill('shell.getProductsWithLicenses');
    await consolePage.getByLabel('Status', { exact: true }).fill('503');
    await consolePage.getByLabel('Error code').fill('SS_001');
    await consolePage.getByRole('button', { name: 'Add fault' }).click();
    await expect(consolePage.getByRole('status')).toHaveText('Fault switched on.');

    await page.goto('/demo/');
    await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
    const frame = await openDialog(page);
    await expect(frame.getByRole('alert')).toContainText("We couldn't load your services.");
    await consolePage.reload();
    await expect(consolePage.getByText(BANNER)).toBeVisible();

    // The box shows the server's answer: it changes once the console has switched the fault off.
    const toggle = consolePage.getByRole('checkbox', { name: 'shell.getProductsWithLicenses on' });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(consolePage.getByRole('status').last()).toHaveText('Fault switched off.');
    await page.goto('/demo/');
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    await expect(page.getByText(BANNER)).toHaveCount(0);
    const cards = await openDialog(page);
    await expect(cards.locator('.ics-card').first()).toBeVisible();
  });
});

test.describe('given faults of every kind switched on', () => {
  test.afterEach(({ page }) => resetConsole(page));

  test('the console’s header counts each kind: an extension’s failing address and a scripted rule, and says No faults once all are off', async ({
    page,
  }) => {
    await openConsole(page, 'extensions');
    // The header's status line: "Database: pglite · Real time · No faults".
    const header = page.getByRole('banner').locator('[aria-live="polite"]');
    await expect(header).toHaveText(/· No faults$/);
    const [first] = (await (await admin(page, 'GET', '/extensions')).json()) as { name: string }[];
    const address = page.getByRole('combobox', { name: `${first?.name ?? ''}: primary address` });
    await address.selectOption({ label: '404 Not Found' });
    await expect(header).toHaveText(/· Faults on: 1 extension fault$/);

    // A rule added by a script through the faults door (no banner) counts too.
    const door = await page.request.post('/__emulator/faults', {
      data: { endpoint: 'shell.getConfig', status: 503, times: 5 },
    });
    expect(door.status()).toBe(204);
    await page.reload();
    await expect(header).toHaveText(/· Faults on: 1 fault rule, 1 extension fault$/);

    await address.selectOption({ label: 'Works' });
    await expect(header).toHaveText(/· Faults on: 1 fault rule$/);
    await resetConsole(page);
    await page.reload();
    await expect(header).toHaveText(/· No faults$/);
  });
});
