import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { ADA_ID, openDialog, resetServer, signInAfresh } from './switcherSupport.ts';

// Windows high contrast, emulated: screenshots of the states that must stay visible.
const shot = { maxDiffPixelRatio: 0.02, animations: 'disabled' } as const;

test.describe('given forced colours (high contrast)', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
  });

  test('locked cards keep their key and lock icons, painted in a system colour', async ({
    page,
  }) => {
    await signIn(page, 'lee');
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    for (const [name, icon] of [
      ['c360', 'key'],
      ['apim', 'lock'],
    ] as const) {
      const lock = frame.locator(`.ics-card[data-unique-name="${name}"] .ics-card__lock`);
      await expect(lock).toHaveAttribute('data-icon', icon);
      // The mask's paint is a system colour, not the page's (dropped) background.
      expect(await lock.evaluate((el) => getComputedStyle(el, '::before').forcedColorAdjust)).toBe(
        'none',
      );
      await expect(lock).toHaveScreenshot(`locked-${icon}.png`, shot);
    }
    await expectNoAxeViolations(page);
  });

  test('the default card, its filled star and a focus ring stay visible', async ({ page }) => {
    await signInAfresh(page, 'ada');
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Set Data Quality as the default service' }).click();
    const card = frame.locator('.ics-card[data-unique-name="cdq"]');
    await expect(card).toHaveAttribute('data-default', 'true');
    await frame.getByRole('button', { name: 'Dismiss message' }).click();
    await card.locator('.ics-card__link').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(card.locator('.ics-card__link')).toBeFocused();
    await expect(card).toHaveScreenshot('default-focused.png', shot);
    await resetServer(page, ADA_ID);
  });

  test('the open dialog has an edge in CanvasText, and the page behind it is dimmed towards Canvas', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    await openDialog(page);
    const dialog = page.locator('dialog.ics-dialog[open]');
    const edge = await dialog.evaluate((el) => {
      const style = getComputedStyle(el);
      const backdrop = getComputedStyle(el, '::backdrop');
      return [style.outlineStyle, style.outlineWidth, backdrop.opacity, backdrop.forcedColorAdjust];
    });
    expect(edge).toEqual(['solid', '2px', '0.85', 'none']);
    await expect(page).toHaveScreenshot('dialog-edge-backdrop.png', shot);
  });

  test('the star’s tooltip keeps its box, a border in CanvasText, over the card', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    const frame = await openDialog(page);
    const card = frame.locator('.ics-card[data-unique-name="cdq"]');
    await card.locator('.ics-star').hover();
    const tip = frame.locator('.ics-star-tip');
    await expect(tip).toBeVisible();
    expect(await tip.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    await expect(card).toHaveScreenshot('star-tip.png', shot);
  });

  test('trial cards keep their Free Trial marker and days left', async ({ page }) => {
    await signIn(page, 'tia');
    const frame = await openDialog(page);
    const trial = frame.locator('.ics-card[data-unique-name="cdq"] .ics-trial');
    await expect(trial).toContainText('1 Day Left');
    await expect(trial).toHaveScreenshot('trial.png', shot);
  });
});
