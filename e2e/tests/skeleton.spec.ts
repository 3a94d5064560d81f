import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';

test.describe('given the login page', () => {
  test('shows the four personas and has no axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/identity-service\/home$/);
    for (const name of ['Ada Admin', 'Lee Locked', 'Nia Newcomer', 'Tia Trial']) {
      await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('sends a visitor who is not signed in from a page of the demo to the login page, and back to that page after sign-in', async ({
    page,
  }) => {
    await page.goto('/demo/services.html');
    await expect(page).toHaveURL(/\/identity-service\/home\?returnTo=%2Fdemo%2Fservices\.html$/);
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await expect(page).toHaveURL(/\/demo\/services\.html$/);
  });
});

test.describe('given Ada Admin on the standalone page', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'ada');
    await page.goto('/demo/services.html');
  });

  test('[SW-2.13] shows her services as cards, three per row, and no axe violations', async ({
    page,
  }) => {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Intelligent Cloud Services' }),
    ).toBeVisible();
    const cards = page.locator('.ics-card');
    await expect(cards).toHaveCount(22);
    const tops = await cards.evaluateAll((els) =>
      els.slice(0, 7).map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
    expect(new Set(tops.slice(3, 6)).size).toBe(1);
    const image = page.locator('.ics-card__image').first();
    expect(
      await image.evaluate((img) => [
        img.getBoundingClientRect().width,
        img.getBoundingClientRect().height,
      ]),
    ).toEqual([70, 70]);
    await expectNoAxeViolations(page);
  });

  test('[SW-4.12] toggles to All Services with titled sections and back', async ({ page }) => {
    await page.getByRole('button', { name: 'Show all services' }).click();
    const headings = page.getByRole('heading', { level: 3 });
    await expect(headings).toHaveText([
      'Analytics and Insights',
      'Application Integration',
      'Data Integration',
      'Data Quality and Governance',
      'Master Data Management',
      'Platform Services',
    ]);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Show my services' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'My Services' })).toBeVisible();
  });

  test('opens a product from its card', async ({ page }) => {
    await page.getByRole('link', { name: 'Data Integration', exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/cdi\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Data Integration' })).toBeVisible();
  });

  test('[SW-7.3] logs out: the session ends and the browser returns to the login page', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/identity-service\/home\?returnTo=%2Fdemo%2F/);
    const status = await page.evaluate(
      async () => (await fetch('/session-service/api/v1/session/User')).status,
    );
    expect(status).toBe(401);
  });
});

test.describe('given Nia Newcomer on the standalone page', () => {
  test('[SW-2.16] shows no card, only the empty state, with no axe violations', async ({
    page,
  }) => {
    await signIn(page, 'nia');
    await page.goto('/demo/services.html');
    await expect(
      page.getByText("It seems like you don't have access to any of our services."),
    ).toBeVisible();
    await expect(page.locator('.ics-card')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('given the demo host page', () => {
  test('opens the switcher from its button and links to the standalone page', async ({ page }) => {
    await signIn(page, 'lee');
    await expect(page.getByText('Signed in as Lee Locked')).toBeVisible();
    await page.getByRole('button', { name: 'Services' }).click();
    const frame = page.frameLocator('iframe[name="app-switcher-dialog"]');
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    await frame.getByRole('button', { name: 'Close Dialog' }).click();
    await page.getByRole('link', { name: 'standalone services page' }).click();
    await expect(page).toHaveURL(/services\.html$/);
  });
});
