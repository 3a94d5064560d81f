import { expect, test, type Page } from '@playwright/test';
import { admin, openConsole } from './consoleSupport.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

// The e2e emulator publishes examples/extension and four fixtures as 'demo-extensions'
// (e2e/extensions/build.ts); the demo's extensions page loads them under StrictMode.
const PAGE = '/demo/extensions.html';
const EXAMPLE = 'example-extension';

/** Sets a fault on the example extension's addresses through the console's API. */
const fault = (page: Page, body: { fault: string | null; fallbackToo?: boolean }) =>
  admin(page, 'PUT', `/extensions/demo-extensions/${EXAMPLE}/fault`, body);

const item = (page: Page, name: string) => page.locator(`li[data-name="${name}"]`);

test.describe('given the demo-extensions product with the example extension and four fixtures', () => {
  test.beforeEach(({ page }) => signIn(page, 'ada'));
  test.afterEach(({ page }) => fault(page, { fault: null }));

  test('[PC-4.8] [PC-5.4] activates the example once with the page’s session (one session/User), refuses the incompatible one with its message, and a throwing one leaves the page and the others working', async ({
    page,
  }) => {
    await page.goto(PAGE);
    await expect(page.locator('#extensions-status')).toHaveText('done');
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'loaded');
    await expect(item(page, EXAMPLE)).toContainText('(activated)');
    await expect(page.locator('.example-extension')).toHaveText([
      'example-extension 1.0.0 greets Ada Admin',
    ]);
    await expect(item(page, 'incompatible-extension')).toHaveAttribute(
      'data-status',
      'incompatible',
    );
    await expect(item(page, 'incompatible-extension')).toContainText(
      "Extension 'incompatible-extension' version 2.0.0 is not compatible with the host version 1.0.0",
    );
    await expect(page.getByText('incompatible-extension ran')).toHaveCount(0);
    await expect(item(page, 'throwing-extension')).toHaveAttribute('data-status', 'failed');
    await expect(item(page, 'throwing-extension')).toContainText(
      'throwing-extension broke on purpose',
    );
    await expect(page.locator('#who')).toHaveText('Signed in as Ada Admin');
    // What this page requested (not the page signed in on before it).
    const users = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/session/User')),
    );
    expect(users).toHaveLength(1);
    // Loaded with its integrity: the script element carries it, with crossorigin.
    const script = page.locator(`script[src*="${EXAMPLE}.js"]`);
    await expect(script).toHaveCount(1);
    expect(await script.getAttribute('integrity')).toMatch(/^sha384-/);
    expect(await script.getAttribute('crossorigin')).toBe('anonymous');
    await expectNoAxeViolations(page);
  });

  test('reports a script that throws as it runs, and one with a syntax error, as failed with the error the browser reported for each, while the others load', async ({
    page,
  }) => {
    await page.goto(PAGE);
    await expect(page.locator('#extensions-status')).toHaveText('done');
    await expect(item(page, 'throws-at-top')).toHaveAttribute('data-status', 'failed');
    await expect(item(page, 'throws-at-top')).toContainText(
      'failed as it ran: Uncaught Error: throws-at-top broke before defineExtension',
    );
    await expect(item(page, 'syntax-error')).toHaveAttribute('data-status', 'failed');
    await expect(item(page, 'syntax-error')).toContainText(
      /syntax-error\.js\S* failed as it ran: Uncaught SyntaxError: /,
    );
    await expect(page.getByText(/(throws-at-top|syntax-error) ran/)).toHaveCount(0);
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'loaded');
  });

  test('[PC-4.8] falls back after a 404 of the primary address', async ({ page }) => {
    await fault(page, { fault: '404' });
    await page.goto(PAGE);
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'loaded');
    await expect(item(page, EXAMPLE).locator('.loaded')).toContainText('/published-fallback/');
    await expect(page.locator('.example-extension')).toHaveCount(1);
  });

  test('[PC-4.8] refuses a script whose content does not match its integrity, at both addresses, and loads it on retry once it matches', async ({
    page,
  }) => {
    await fault(page, { fault: 'integrity', fallbackToo: true });
    await page.goto(PAGE);
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'failed');
    await expect(item(page, EXAMPLE)).toContainText('No address of the script loaded');
    await expect(page.locator('.example-extension')).toHaveCount(0);
    await fault(page, { fault: null });
    await item(page, EXAMPLE).getByRole('button', { name: 'Try again' }).click();
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'loaded');
    await expect(page.locator('.example-extension')).toHaveCount(1);
  });
});

test.describe('given the console’s Extensions panel', () => {
  test.afterEach(({ page }) => fault(page, { fault: null }));

  test('lists what is published per product, and a 404 chosen for the primary address sends the page to the fallback', async ({
    page,
    context,
  }) => {
    await signIn(page, 'ada');
    const consolePage = await context.newPage();
    await openConsole(consolePage, 'extensions');
    const products = consolePage.getByRole('heading', { level: 3 });
    await expect(products).toHaveText(['demo-extensions']);
    const row = consolePage.getByRole('row', { name: /example-extension 1\.0\.0/ });
    await expect(row).toContainText(`/published/demo-extensions/${EXAMPLE}/1.0.0/${EXAMPLE}.js`);
    await expectNoAxeViolations(consolePage);
    await consolePage
      .getByLabel(`${EXAMPLE}: primary address`)
      .selectOption({ label: '404 Not Found' });
    await expect(consolePage.getByRole('status').last()).toHaveText(
      `${EXAMPLE}: the primary address now fails (404).`,
    );
    await page.goto(PAGE);
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'loaded');
    await expect(item(page, EXAMPLE).locator('.loaded')).toContainText('/published-fallback/');
    const fallbackToo = consolePage.getByLabel(`${EXAMPLE}: the fallback fails too`);
    await fallbackToo.click();
    await expect(fallbackToo).toBeChecked();
    await expect(consolePage.getByRole('status').last()).toHaveText(
      `${EXAMPLE}: both addresses now fail (404).`,
    );
    await page.goto(PAGE);
    await expect(item(page, EXAMPLE)).toHaveAttribute('data-status', 'failed');
    await consolePage.getByLabel(`${EXAMPLE}: primary address`).selectOption({ label: 'Works' });
    await expect(consolePage.getByRole('status').last()).toHaveText(`${EXAMPLE} works again.`);
  });
});
