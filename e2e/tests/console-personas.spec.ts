import { expect, test } from '@playwright/test';
import { openConsole } from './consoleSupport.ts';
import { openDialog } from './switcherSupport.ts';

test.describe('given the console’s personas panel', () => {
  test('signs this browser in as Tia in one click, shows her trial cards, and ends her session', async ({
    page,
  }) => {
    await openConsole(page, 'personas');
    // Her persona row (by e-mail address), not the rows of sessions she may still have.
    const tia = page.getByRole('row', { name: /Tia Trial tia\.trial@/ });
    await expect(tia).toContainText('days left');
    await page.getByRole('button', { name: 'Sign in as Tia Trial' }).click();
    await expect(page.getByRole('status')).toContainText('Signed in as Tia Trial');
    await page.getByRole('link', { name: 'Open the demo' }).first().click();
    await expect(page.getByText(/Signed in as Tia Trial/)).toBeVisible();
    const frame = await openDialog(page);
    await expect(frame.locator('.ics-card[data-unique-name="cdq"] .ics-trial')).toContainText(
      'Free Trial',
    );

    await openConsole(page, 'personas');
    await page
      .getByRole('button', { name: /End session of Tia Trial/ })
      .first()
      .click();
    await expect(page.getByRole('status')).toContainText('its next call answers 401');
    await page.goto('/demo/');
    await expect(page).toHaveURL(/\/identity-service\/home\?returnTo=%2Fdemo%2F$/);
  });
});
