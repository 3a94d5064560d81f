import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { ADA_ID as ada, openDialog, resetServer, signInAfresh } from './switcherSupport.ts';

test.describe('given Ada Admin opening services from the dialog', () => {
  test.beforeEach(async ({ page }) => {
    await signInAfresh(page, 'ada');
  });
  test.afterEach(async ({ page }) => {
    await resetServer(page, ada);
  });

  test('finds the services she opened first in My Services, newest first, after reopening', async ({
    page,
  }) => {
    let frame = await openDialog(page);
    await expect(frame.getByRole('region', { name: 'Recently used' })).toHaveCount(0);
    for (const name of ['cdi', 'cai']) {
      await frame.locator(`.ics-card[data-unique-name="${name}"] .ics-card__link`).click();
      await page.waitForURL(`**/apps/${name}/`);
      await page.goto('/demo/');
      frame = await openDialog(page);
    }
    const recent = frame.getByRole('region', { name: 'Recently used' });
    await expect(recent.locator('.ics-card__link')).toHaveText([
      'Application Integration',
      'Data Integration',
    ]);
    // Kept as her preference on the server, not only in this tab.
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    const saved = await page.request.get(
      `/identity-service/api/v1/Users(${ada})/Preferences?fullyQualifiedName=ProductSwitcher.recentServices`,
      { headers: { 'X-XSRF-TOKEN': xsrf ?? '' } },
    );
    expect(JSON.stringify(await saved.json())).toContain('[\\"cai\\",\\"cdi\\"]');
    await expectNoAxeViolations(page);
  });

  test('keeps a service she opened before the page had read her saved ones: the next page shows it first, with them', async ({
    page,
  }) => {
    let frame = await openDialog(page);
    await frame.locator('.ics-card[data-unique-name="cdi"] .ics-card__link').click();
    await page.waitForURL('**/apps/cdi/');
    // On the next page, the read of her saved services does not answer before she leaves it.
    const recentsRead = '**/Preferences?fullyQualifiedName=ProductSwitcher.recentServices';
    await page.route(recentsRead, async (route) => {
      if (route.request().method() !== 'GET') await route.continue();
    });
    await page.goto('/demo/');
    frame = await openDialog(page);
    await frame.locator('.ics-card[data-unique-name="cai"] .ics-card__link').click();
    await page.waitForURL('**/apps/cai/');
    await page.unroute(recentsRead);
    await page.goto('/demo/');
    frame = await openDialog(page);
    await expect(
      frame.getByRole('region', { name: 'Recently used' }).locator('.ics-card__link'),
    ).toHaveText(['Application Integration', 'Data Integration']);
  });
});
