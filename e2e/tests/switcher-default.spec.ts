import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { injectFault, openDialog, signInAfresh } from './switcherSupport.ts';

const preferred = async (page: Page) =>
  (
    (await (await page.request.get('/shell-service/api/v1/ProductsWithLicenses')).json()) as {
      preferredProduct?: { uniqueName: string };
    }
  ).preferredProduct?.uniqueName;

test.describe('given Ada Admin choosing her default service', () => {
  test.beforeEach(async ({ page }) => {
    await signInAfresh(page, 'ada');
  });

  test('[SW-1.3] [SW-3.9] [SW-7.4] [SW-7.5] [SW-7.6] [SW-7.7] [SW-8.1] [SW-8.3] [SW-2.15] sets, changes and unsets it with the messages, dismissible', async ({
    page,
  }) => {
    const methods: string[] = [];
    const reads: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/Preferences')) return;
      methods.push(r.method());
      if (r.method() === 'GET') reads.push(decodeURIComponent(new URL(r.url()).search));
    });
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Set Data Quality as the default service' }).click();
    const status = (text: string) => frame.getByRole('status').filter({ hasText: text });
    await expect(status('Data Quality is now your default service')).toBeAttached();
    await expect(
      frame.getByRole('button', { name: 'Remove Data Quality as the default service' }),
    ).toBeVisible();
    expect(await preferred(page)).toBe('cdq');
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(frame.locator('.ics-bubble')).toHaveCount(0);

    await frame.getByRole('button', { name: 'Set Monitor as the default service' }).click();
    await expect(status('Monitor is now your default service')).toBeAttached();
    expect(await preferred(page)).toBe('monitor');
    await expect(frame.locator('.ics-card[data-default]')).toHaveCount(1);

    await frame.getByRole('button', { name: 'Remove Monitor as the default service' }).click();
    await expect(status('Monitor is no longer your default service')).toBeAttached();
    expect(await preferred(page)).toBeUndefined();
    expect(methods.filter((m) => m !== 'GET')).toEqual(['POST', 'PUT', 'DELETE']);
    // SW-7.7: each change first reads the current default (besides the display's one read of
    // the recently used services).
    expect(reads.filter((r) => !r.endsWith('ProductSwitcher.recentServices'))).toEqual(
      Array(3).fill('?fullyQualifiedName=ProductSwitcher.defaultService'),
    );
  });

  test('[SW-4.9] the star works with Enter and Space, and Escape hides its tooltip without closing the dialog', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const star = frame.getByRole('button', { name: 'Set Data Quality as the default service' });
    await star.focus();
    const tooltip = frame.locator('.ics-star-tip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText('Set Data Quality as the default service');
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => preferred(page)).toBe('cdq');
    await page.keyboard.press('Space');
    await expect.poll(() => preferred(page)).toBeUndefined();
  });

  test('the star’s tooltip stays while the pointer moves onto it and rests there, and Escape hides it with pointer and focus left where they are (WCAG 1.4.13)', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const search = frame.getByRole('searchbox', { name: 'Search services' });
    await search.focus();
    const star = frame.getByRole('button', {
      name: 'Set Operational Insights as the default service',
    });
    await star.hover();
    const tooltip = frame.locator('.ics-star-tip');
    await expect(tooltip).toHaveText('Set Operational Insights as the default service');
    const from = await star.boundingBox();
    const to = await tooltip.boundingBox();
    if (!from || !to) throw new Error('the star or its tooltip has no box');
    // From the star's centre straight up onto the tooltip, then along it to its centre, pixel
    // by pixel as a hand moves it.
    const x = from.x + from.width / 2;
    const up = from.y + from.height / 2 - (to.y + to.height - 4);
    await page.mouse.move(x, to.y + to.height - 4, { steps: Math.ceil(up) });
    await expect(tooltip).toBeVisible();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, {
      steps: Math.ceil(Math.abs(x - to.x - to.width / 2)),
    });
    await expect(tooltip).toBeVisible();
    // The pointer rests on the tooltip itself, not on what lies under it.
    expect(
      await tooltip.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const at = (x: number, y: number) => el.ownerDocument.elementFromPoint(x, y) === el;
        return at(box.x + box.width / 2, box.y + box.height / 2);
      }),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await expect(search).toBeFocused();
    await expect(page.locator('dialog.ics-dialog[open]')).toHaveCount(1);
  });

  test('[SW-1.3] rapid clicks leave the server with her last choice', async ({ page }) => {
    const frame = await openDialog(page);
    const card = (name: string) => frame.locator(`.ics-card[data-unique-name="${name}"] .ics-star`);
    for (const name of ['cdq', 'monitor', 'cdi', 'cdi', 'oi', 'cdq']) await card(name).click();
    await expect(frame.locator('.ics-card[data-default]')).toHaveAttribute(
      'data-unique-name',
      'cdq',
    );
    await expect.poll(() => preferred(page)).toBe('cdq');
    await page.reload();
    const again = await openDialog(page);
    await expect(again.locator('.ics-card[data-default]')).toHaveAttribute(
      'data-unique-name',
      'cdq',
    );
  });

  test('[SW-8.2] [SW-4.11] a failing set shows the error message and rolls the star back', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await injectFault(page, { endpoint: 'preferences.createUserPreference', status: 500 });
    await frame.getByRole('button', { name: 'Set Data Quality as the default service' }).click();
    const alert = frame
      .getByRole('alert')
      .filter({ hasText: 'Data Quality could not be set as your default service' });
    await expect(alert).toBeAttached();
    await expect(frame.locator('.ics-bubble[data-type="error"]')).toBeVisible();
    await expect(frame.locator('.ics-card[data-default]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(alert).toHaveCount(0);
    await expect(frame.locator('.ics-bubble')).toHaveCount(0);
    expect(await preferred(page)).toBeUndefined();
  });

  test('[SW-8.4] a failing unset shows its error message and keeps the default', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Set Data Quality as the default service' }).click();
    await expect(frame.locator('.ics-card[data-default]')).toHaveAttribute(
      'data-unique-name',
      'cdq',
    );
    await expect.poll(() => preferred(page)).toBe('cdq');
    // A 503 is transient: the client retries it twice, so it must outlast three attempts.
    await injectFault(page, {
      endpoint: 'preferences.deleteUserPreference',
      status: 503,
      times: 3,
    });
    await frame.getByRole('button', { name: 'Remove Data Quality as the default service' }).click();
    await expect(
      frame
        .getByRole('alert')
        .filter({ hasText: 'Data Quality could not be removed as your default service' }),
    ).toBeAttached();
    await expect(frame.locator('.ics-card[data-default]')).toHaveAttribute(
      'data-unique-name',
      'cdq',
    );
    expect(await preferred(page)).toBe('cdq');
  });
});
