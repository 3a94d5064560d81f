import { expect, type FrameLocator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { ADA_ID, resetServer } from './switcherSupport.ts';

/**
 * How the dialog is looked at (issue 40): light, dark, forced colours, a 320 px phone, a
 * 1280 × 800 window at 200 % zoom (640 × 400 CSS pixels), and a right-to-left host page. Each
 * `prepare` runs on the host page, loaded, before the dialog opens. The React host
 * (switcher-axe-modes.spec.ts) and the standalone build (standalone.spec.ts) run them all.
 */
export const axeModes: readonly {
  name: string;
  prepare: (page: Page) => Promise<void>;
}[] = [
  { name: 'light', prepare: (page) => page.emulateMedia({ colorScheme: 'light' }) },
  { name: 'dark', prepare: (page) => page.emulateMedia({ colorScheme: 'dark' }) },
  { name: 'forced colours', prepare: (page) => page.emulateMedia({ forcedColors: 'active' }) },
  { name: '320 px', prepare: (page) => page.setViewportSize({ width: 320, height: 640 }) },
  { name: '200 % zoom', prepare: (page) => page.setViewportSize({ width: 640, height: 400 }) },
  {
    name: 'a right-to-left host',
    prepare: async (page) => {
      await page.evaluate(() => (document.documentElement.dir = 'rtl'));
    },
  },
];

/**
 * axe over Ada's open dialog three times: a default set and its message, All Services, a
 * search; then her preferences cleared again.
 */
export async function expectDialogPassesAxe(page: Page, frame: FrameLocator): Promise<void> {
  await frame.getByRole('button', { name: 'Set Data Quality as the default service' }).click();
  await expect(frame.locator('.ics-bubble')).toBeVisible();
  // The default card, its filled star and info link (forced colours drew the info link's
  // ring over the star: a 20 px target), the message and its dismiss button.
  await expectNoAxeViolations(page);
  await frame.getByRole('button', { name: 'Dismiss message' }).click();
  await frame.getByRole('button', { name: 'Show all services' }).click();
  await expectNoAxeViolations(page);
  await frame.getByRole('searchbox', { name: 'Search services' }).fill('data');
  await expectNoAxeViolations(page);
  await resetServer(page, ADA_ID);
}
