import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';

/**
 * The demo host page at the narrowest width WCAG 1.4.10 (Reflow) asks for, 320 CSS px, and at
 * 200 % zoom of a 640 px window (640 × 512 at a device scale factor of 2, as browser zoom
 * lays it out; switcher-responsive.spec.ts says why not pinch zoom): no sideways scrolling,
 * and every control of the header inside the window and usable.
 */
const sizes = [
  { name: '320 px', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200 % zoom of 640 px', viewport: { width: 320, height: 256 }, deviceScaleFactor: 2 },
] as const;

for (const size of sizes) {
  test.describe(`given the demo host page at ${size.name}, signed in as Ada Admin`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('the page does not scroll sideways, Log Out lies inside the window, and Tab then Enter on it signs out', async ({
      page,
    }) => {
      await signIn(page, 'ada');
      await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await expectNoAxeViolations(page);

      // Services, then Log Out: the header's controls in reading order.
      const logOut = page.getByRole('button', { name: 'Log Out' });
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Services' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(logOut).toBeFocused();
      // Focus would scroll a page that is too wide: the button is inside without it.
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
      const box = await logOut.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(widths.client);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/identity-service/home**');
      await expect(page.getByRole('button', { name: /Ada Admin/ })).toBeVisible();
    });
  });
}
