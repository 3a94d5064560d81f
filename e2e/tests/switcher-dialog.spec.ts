import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { frameOf, hostWithoutPrefetch, openDialog } from './switcherSupport.ts';

test.describe('given Ada Admin on the host page', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'ada');
    await page.request.delete('/__emulator/faults');
  });

  test('[SW-2.4] [SW-2.5] [SW-2.6] opens the framed dialog: 903 x 520, named, titled, with Services sub-title, close control and both stylesheets', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const dialog = page.getByRole('dialog', { name: 'Intelligent Cloud Services' });
    const box = await dialog.boundingBox();
    expect([box?.width, box?.height]).toEqual([903, 520]);
    await expect(dialog.locator('iframe')).toHaveAttribute('name', 'app-switcher-dialog');
    await expect(
      frame.getByRole('heading', { level: 1, name: 'Intelligent Cloud Services' }),
    ).toBeVisible();
    await expect(frame.locator('.ics-dialog__subtitle')).toHaveText('Services');
    await expect(frame.getByRole('button', { name: 'Close Dialog' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Show all services' })).toBeVisible();
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    const sheets = await page.frame({ name: 'app-switcher-dialog' })?.evaluate(() => {
      // The frame's styles, linked or constructed (reused from the host page).
      const all = [...Array.from(document.styleSheets), ...document.adoptedStyleSheets];
      return Array.from(all, (sheet) => Array.from(sheet.cssRules, (r) => r.cssText)).join('\n');
    });
    expect(sheets).toContain('--ics-color-primary:');
    expect(sheets).toContain('.ics-grid');
    // The frame is isolated: the host page's own rules are not in it.
    expect(sheets).not.toContain('.host__header');
    await expectNoAxeViolations(page);
  });

  test('requests each stylesheet once: the dialog frame reuses the host page’s copies', async ({
    page,
  }) => {
    const requested: { path: string; frame: string }[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') {
        requested.push({ path: new URL(request.url()).pathname, frame: request.frame().name() });
      }
    });
    await page.reload();
    const frame = await openDialog(page);
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    // The card is styled by the switcher's rules, inside the frame.
    await expect(frame.locator('.ics-card').first()).toHaveCSS('position', 'relative');
    const paths = requested.map((r) => r.path);
    expect(paths.filter((path) => path.startsWith('/demo/assets/')).length).toBeGreaterThan(0);
    expect(paths).toEqual([...new Set(paths)]);
    expect(requested.filter((r) => r.frame === 'app-switcher-dialog')).toEqual([]);
  });

  test('keeps the search field 16 px inside the frame’s edges, below the header', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const field = await frame.getByRole('searchbox', { name: 'Search services' }).boundingBox();
    const header = await frame.locator('.ics-dialog__header').boundingBox();
    const body = await frame.locator('body').boundingBox();
    if (!field || !header || !body) throw new Error('the dialog is not laid out');
    expect(field.x - body.x).toBeGreaterThanOrEqual(16);
    expect(body.x + body.width - (field.x + field.width)).toBeGreaterThanOrEqual(16);
    expect(field.y - (header.y + header.height)).toBeGreaterThanOrEqual(12);
  });

  test('[SW-2.7] shows a loader until the stylesheets and the product data have arrived', async ({
    page,
  }) => {
    // The product request is held until the test has seen the loader, then goes on to the
    // emulator: no race between a fixed delay and a loaded machine.
    await hostWithoutPrefetch(page);
    // The sign-in's page may have drawn the prepared dialog once idle (decision 1165), which
    // kept its answer in this tab's storage: this page, which does not prepare, starts from none.
    await page.evaluate(() => sessionStorage.clear());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/ProductsWithLicenses*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    const frame = frameOf(page);
    await expect(frame.locator('.ics-dialog__layout')).toHaveAttribute(
      'data-stylesheets',
      'loaded',
    );
    await expect(frame.locator('[data-loader]')).toBeVisible();
    await expect(frame.locator('[data-loader]')).toHaveText(/Loading services/);
    await expect(frame.locator('.ics-card').first()).toBeHidden();
    await expectNoAxeViolations(page);
    release();
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    await expect(frame.locator('[data-loader]')).toHaveCount(0);
  });

  test('[SW-2.9] [SW-2.8] moves focus in on open, wraps Tab both ways, closes on Escape from any element and returns focus to the opener', async ({
    page,
  }) => {
    const opener = page.getByRole('button', { name: 'Services', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const frame = frameOf(page);
    await expect(frame.locator('.ics-dialog__layout[data-ready]')).toBeAttached();
    const close = frame.getByRole('button', { name: 'Close Dialog' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    const toggle = frame.getByRole('button', { name: 'Show all services' });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    // Forward through every stop (the search field comes before the cards, each card's link,
    // star and info link are stops, decision 1113), and Tab from the last comes back to the first.
    await page.keyboard.press('Tab');
    await expect(frame.getByRole('searchbox', { name: 'Search services' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(frame.locator('.ics-card__link').first()).toBeFocused();
    for (let i = 0; i < 100 && !(await toggle.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(frame.getByRole('button', { name: 'Close Dialog' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
    // Escape again, with the dialog closed, changes nothing.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('[SW-2.5] closes with the Close Dialog control', async ({ page }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Close Dialog' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('given a host page without React', () => {
  test('mounts the dialog with mountServiceSwitcher, and unmounts it when closed, focus back on the opener', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    await page.goto('/demo/plain.html');
    const opener = page.getByRole('button', { name: 'Services', exact: true });
    await opener.click();
    const frame = frameOf(page);
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Close Dialog' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#switcher')).toBeEmpty();
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
