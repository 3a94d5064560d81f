import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { openDialog, signInAfresh } from './switcherSupport.ts';

type Box = { x: number; y: number; width: number; height: number };

/** Whether the element's box lies inside `area` (both relative to the page's viewport). */
async function inside(element: Locator, area: Box) {
  const box = await element.boundingBox();
  return (
    box !== null &&
    box.y >= area.y &&
    box.x >= area.x &&
    box.y + box.height <= area.y + area.height &&
    box.x + box.width <= area.x + area.width
  );
}

test.describe('given Ada Admin and the 22 services of All Services', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'ada');
  });

  test('the dialog keeps its header and footer in view while only the content scrolls', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await expect(frame.locator('.ics-card')).toHaveCount(22);
    const dialog = await page.getByRole('dialog').boundingBox();
    expect(dialog?.height).toBe(520);
    const frameViewport = dialog ?? { x: 0, y: 0, width: 0, height: 0 };
    const toggle = frame.getByRole('button', { name: 'Show my services' });
    const close = frame.getByRole('button', { name: 'Close Dialog' });
    expect(await inside(toggle, frameViewport)).toBe(true);
    const content = frame.locator('.ics-switcher__content');
    await content.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await content.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await inside(toggle, frameViewport)).toBe(true);
    expect(await inside(close, frameViewport)).toBe(true);
  });

  test('the standalone page keeps its header and footer in view while only the content scrolls', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.goto('/demo/services.html');
    await page.getByRole('button', { name: 'Show all services' }).click();
    await expect(page.locator('.ics-card')).toHaveCount(22);
    const viewport = { x: 0, y: 0, width: 1024, height: 600 };
    const toggle = page.getByRole('button', { name: 'Show my services' });
    expect(await inside(toggle, viewport)).toBe(true);
    await page.locator('.ics-switcher__content').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await inside(toggle, viewport)).toBe(true);
    expect(await inside(page.getByRole('button', { name: 'Log Out' }), viewport)).toBe(true);
    await expectNoAxeViolations(page);
  });
});

/** The `lang` and `dir` the switcher's text is read with: its nearest ancestor's. */
const nearest = (element: Locator, attribute: 'lang' | 'dir') =>
  element.evaluate((el, name) => el.closest(`[${name}]`)?.getAttribute(name), attribute);

async function expectLanguage(card: Locator, lang: string) {
  await expect(card).toBeVisible();
  expect(await nearest(card, 'lang')).toBe(lang);
  expect(await nearest(card, 'dir')).toBe('ltr');
}

for (const [browserLocale, lang] of [
  ['de-DE', 'de'],
  ['ja-JP', 'ja'],
] as const) {
  test.describe(`given a browser in ${browserLocale} on an English host`, () => {
    test.use({ locale: browserLocale });

    test(`the standalone page, its <html> and its switcher say lang="${lang}" and dir="ltr" on their roots (WCAG 3.1.1, 3.1.2)`, async ({
      page,
    }) => {
      await signIn(page, 'ada');
      await page.goto('/demo/services.html');
      // The switcher is the page: the page's own language is the switcher's (issue 55).
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('.ics-page')).toHaveAttribute('lang', lang);
      await expect(page.locator('.ics-switcher')).toHaveAttribute('lang', lang);
      await expectLanguage(page.locator('.ics-card').first(), lang);
    });

    test(`the dialog's frame, and the host's dialog around it, say lang="${lang}" and dir="ltr"`, async ({
      page,
    }) => {
      await signIn(page, 'ada');
      const frame = await openDialog(page);
      await expect(frame.locator('html')).toHaveAttribute('lang', lang);
      await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr');
      // The dialog's name (its title) is read in the host's page, in the switcher's language.
      await expect(page.locator('dialog.ics-dialog')).toHaveAttribute('lang', lang);
      await expect(page.locator('dialog.ics-dialog')).toHaveAttribute('dir', 'ltr');
    });
  });
}

test.describe('given a host page written right to left', () => {
  test.beforeEach(async ({ page }) => {
    await signInAfresh(page, 'ada');
    await page.evaluate(() => (document.documentElement.dir = 'rtl'));
  });

  test('the dialog mirrors: first card on the right, ArrowLeft moves forward, ArrowRight back, chevron flipped, axe passes', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    const cards = frame.locator('.ics-card__link');
    const first = (await cards.nth(0).boundingBox()) ?? { x: 0 };
    const second = (await cards.nth(1).boundingBox()) ?? { x: 0 };
    expect(first.x).toBeGreaterThan(second.x);
    await cards.nth(0).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cards.nth(0)).toBeFocused();
    await frame.getByRole('button', { name: 'Show all services' }).click();
    const chevron = frame.locator('.ics-chevron-left');
    expect(await chevron.evaluate((el) => getComputedStyle(el).transform)).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );
    await expectNoAxeViolations(page);
  });
});
