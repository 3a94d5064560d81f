import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { openDialog } from './switcherSupport.ts';

const background = (element: Locator) =>
  element.evaluate((el) => getComputedStyle(el).backgroundColor);

// The demo pages ask for theme="auto": the switcher follows the system's colour scheme.
for (const [scheme, page, card] of [
  ['dark', 'rgb(13, 17, 23)', 'rgb(22, 27, 34)'],
  ['light', 'rgb(244, 246, 248)', 'rgb(255, 255, 255)'],
] as const) {
  test.describe(`given Ada Admin with a ${scheme} colour scheme and theme="auto"`, () => {
    test.beforeEach(async ({ page: tab }) => {
      await tab.emulateMedia({ colorScheme: scheme });
      await signIn(tab, 'ada');
    });

    test(`the standalone page is ${scheme} and passes axe (contrast included)`, async ({
      page: tab,
    }) => {
      await tab.goto('/demo/services.html');
      await expect(tab.locator('.ics-card').first()).toBeVisible();
      expect(await background(tab.locator('.ics-page'))).toBe(page);
      expect(await background(tab.locator('.ics-card__link').first())).toBe(card);
      await tab.getByRole('searchbox', { name: 'Search services' }).fill('data');
      await expectNoAxeViolations(tab);
      await tab.getByRole('button', { name: 'Show all services' }).click();
      await expectNoAxeViolations(tab);
    });

    test(`the dialog and its frame are ${scheme} and pass axe`, async ({ page: tab }) => {
      const frame = await openDialog(tab);
      await expect(frame.locator('html')).toHaveAttribute('data-ics-theme', 'auto');
      expect(await background(frame.locator('body'))).toBe(card);
      await frame.getByRole('button', { name: 'Show all services' }).click();
      await expectNoAxeViolations(tab);
    });
  });
}
