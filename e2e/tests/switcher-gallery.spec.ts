import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';

/** Waits until every figure of the gallery shows its state. */
async function galleryReady(page: Page) {
  const figure = (state: string) => page.locator(`[data-gallery="${state}"]`);
  await expect(figure('loading').locator('[data-state="loading"]')).toBeVisible();
  await expect(figure('error').getByRole('alert')).toBeVisible();
  await expect(figure('empty').locator('[data-state="empty"]')).toBeVisible();
  await expect(figure('recents-default-trials').locator('.ics-recent .ics-card')).toHaveCount(2);
  await expect(figure('locked').locator('.ics-card[data-variant="license"]')).toBeVisible();
  await expect(figure('search').locator('mark').first()).toBeVisible();
  await expect(figure('search-none').locator('[data-state="no-results"]')).toBeVisible();
  await expect(figure('message-success').locator('.ics-bubble')).toBeVisible();
  await expect(figure('message-failure').locator('.ics-bubble[data-type="error"]')).toBeVisible();
}

// Desktop in every mode; a phone and a tablet (one and two cards a row, decision 0900) in light.
const shots = [
  ...(['light', 'dark', 'forced', 'rtl'] as const).map((mode) => ({ mode, width: 1200 })),
  { mode: 'light', width: 320 },
  { mode: 'light', width: 768 },
] as const;

for (const { mode, width } of shots) {
  const name = width === 1200 ? mode : `${mode}-${width}`;
  test(`the gallery of every switcher state looks as recorded: ${name}`, async ({ page }) => {
    // Narrow, the figures stack: a window as tall as the page, so that every card is in view
    // (cards out of view skip their paint, content-visibility: auto).
    await page.setViewportSize({ width, height: width === 1200 ? 800 : 3200 });
    if (mode === 'forced') await page.emulateMedia({ forcedColors: 'active' });
    await signIn(page, 'ada');
    const query = mode === 'dark' ? '?theme=dark' : mode === 'rtl' ? '?dir=rtl' : '';
    await page.goto(`/demo/gallery.html${query}`);
    await galleryReady(page);
    await expect(page).toHaveScreenshot(`gallery-${name}.png`, {
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.02,
      // The loading figure's spinner turns: its box is left out.
      mask: [page.locator('.ics-spinner')],
    });
  });
}
