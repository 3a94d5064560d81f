import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { openDialog } from './switcherSupport.ts';

test.describe('given Ada Admin searching the dialog by keyboard only', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'ada');
  });

  test('types to filter, hears the count, arrows into the first result, "/" comes back, Escape clears and a second Escape closes', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await expect(frame.getByRole('button', { name: 'Close Dialog' })).toBeFocused();
    await page.keyboard.press('Tab');
    const field = frame.getByRole('searchbox', { name: 'Search services' });
    await expect(field).toBeFocused();
    await page.keyboard.type('API');
    const cards = frame.locator('.ics-card');
    // The grid follows the field one render later (a deferred value): once the mark shows the
    // whole query, the cards are those of "API", not of "AP".
    await expect(frame.locator('.ics-card[data-unique-name="apim"] mark')).toHaveText('API');
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThan(22);
    await expect(frame.locator('.ics-search__count')).toHaveText(`${count} services`);
    await page.keyboard.press('ArrowDown');
    await expect(frame.locator('.ics-card__link').first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(frame.locator('.ics-card__link').nth(1)).toBeFocused();
    await page.keyboard.press('/');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('API');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(field).toHaveValue('');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(cards).not.toHaveCount(count);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('finds services of All Services by group, accents ignored, and hides groups without a match', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await frame.getByRole('searchbox', { name: 'Search services' }).fill('GOVERNANCE');
    await expect(frame.getByRole('heading', { level: 3 })).toHaveText([
      'Data Quality and Governance',
    ]);
    await frame.getByRole('searchbox', { name: 'Search services' }).fill('mâster dàta');
    await expect(frame.getByRole('heading', { level: 3 })).toHaveText(['Master Data Management']);
  });

  test('says when nothing matches and offers to clear the search', async ({ page }) => {
    const frame = await openDialog(page);
    const field = frame.getByRole('searchbox', { name: 'Search services' });
    await field.fill('no such service');
    await expect(frame.getByText('No services match “no such service”.')).toBeVisible();
    await expect(frame.locator('.ics-search__count')).toHaveText('0 services');
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Clear search' }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await expect(frame.locator('.ics-card').first()).toBeVisible();
  });
});

test.describe('given a browser in de-DE on the standalone page', () => {
  test.use({ locale: 'de-DE' });

  test('names the field in German and counts by German plural rules', async ({ page }) => {
    await signIn(page, 'ada');
    await page.goto('/demo/services.html');
    const field = page.getByRole('searchbox', { name: 'Dienste suchen' });
    await field.fill('B2B');
    await expect(page.locator('.ics-search__count')).toHaveText('1 Dienst');
    await field.fill('API');
    await expect(page.locator('.ics-search__count')).toHaveText(/^\d+ Dienste$/);
  });
});
