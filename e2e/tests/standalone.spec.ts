import { expect, test, type Page } from '@playwright/test';
import { axeModes, expectDialogPassesAxe } from './axeModes.ts';
import {
  dialogFrame,
  expectHeard,
  expectOpeningHeard,
  openAndListen,
  startReader,
  tabTo,
} from './screenReader.ts';
import { signIn } from './support.ts';
import { ADA_ID, frameOf, openDialog, resetServer } from './switcherSupport.ts';

// The switcher's standalone build (issue 52): the emulator's preview page loads one module and
// one stylesheet from /standalone/ and places <ics-service-switcher trigger="…">, no React of
// its own and no script of its own. The dialog it draws is checked as switcher-spoken.spec.ts
// and switcher-axe-modes.spec.ts check the React host's.

/** Ada, signed in with nothing left from other tests. */
async function signInReset(page: Page): Promise<void> {
  await signIn(page, 'ada');
  await resetServer(page, ADA_ID);
}

/** Ada, signed in with nothing left from other tests, on the preview page. */
async function preview(page: Page, query = ''): Promise<void> {
  await signInReset(page);
  await page.goto(`/preview/${query}`);
  await expect(page.getByRole('heading', { name: 'Your service switcher' })).toBeVisible();
}

test.describe('given Ada Admin on the standalone build’s page, with a screen reader', () => {
  // The reader walks the frame one evaluation a phrase: more than 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test('the page loads the switcher from /standalone/ only, and no React of its own', async ({
    page,
  }) => {
    await signInReset(page);
    // A page of its own: the page signed in on may still ask for its demo's chunks when idle.
    const preview = await page.context().newPage();
    const scripts: string[] = [];
    preview.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await preview.goto('/preview/');
    await preview.getByRole('button', { name: 'Services', exact: true }).click();
    await dialogFrame(preview);
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((path) => !path.startsWith('/standalone/'))).toEqual([]);
    expect(scripts[0]).toBe('/standalone/ics-service-switcher.js');
  });

  test('opening the dialog: its title, Close, the search and the cards as a list of links; focus on Close Dialog', async ({
    page,
  }) => {
    await preview(page);
    const reader = await openAndListen(page);
    await expect(frameOf(page).getByRole('button', { name: 'Close Dialog' })).toBeFocused();
    await expectOpeningHeard(reader);
  });

  test('[SW-2.15] setting and unsetting the default: each outcome is said, naming the service', async ({
    page,
  }) => {
    await preview(page);
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Set Data Quality as the default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Data Quality is now your default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Data Quality is no longer your default service');
    await resetServer(page, ADA_ID);
  });

  test('[SW-2.12] switching views says the view shown and how many services it has', async ({
    page,
  }) => {
    await preview(page);
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Show all services');
    await page.keyboard.press('Enter');
    await expectHeard(reader, /^polite: All Services: \d+ services$/);
    await expect(frameOf(page).getByRole('button', { name: 'Show my services' })).toBeFocused();
  });

  test('Escape closes the dialog, returns focus and the reader to Services, and the element says so with a bubbling ics-open-change', async ({
    page,
  }) => {
    await preview(page);
    await page.evaluate(() => {
      window.__openChanges = [];
      document.addEventListener('ics-open-change', (event) =>
        window.__openChanges.push((event as CustomEvent<{ open: boolean }>).detail.open),
      );
    });
    const host = await startReader(page.mainFrame());
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    await dialogFrame(page);
    await expect(page.locator('ics-service-switcher')).toHaveAttribute('open', '');
    await host.clear();
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog.ics-dialog[open]')).toHaveCount(0);
    await expect(page.locator('ics-service-switcher')).not.toHaveAttribute('open');
    await expect.poll(() => host.last()).toMatch(/^button, Services\b/);
    await expect(page.getByRole('button', { name: 'Services', exact: true })).toBeFocused();
    expect(await page.evaluate(() => window.__openChanges)).toEqual([false]);
  });

  test('a card chosen while ics-card-click is cancelled closes the dialog and keeps the page', async ({
    page,
  }) => {
    await preview(page);
    await page.evaluate(() => {
      document.addEventListener('ics-card-click', (event) => {
        window.__chosen = (
          event as CustomEvent<{ product: { uniqueName: string } }>
        ).detail.product.uniqueName;
        event.preventDefault();
      });
    });
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    const frame = frameOf(page);
    await frame.locator('.ics-card[data-unique-name="cdq"] .ics-card__link').click();
    await expect(page.locator('dialog.ics-dialog[open]')).toHaveCount(0);
    expect(await page.evaluate(() => window.__chosen)).toBe('cdq');
    expect(page.context().pages()).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/preview/');
  });

  test('the locale attribute draws the dialog in that language (German)', async ({ page }) => {
    await preview(page, '?locale=de');
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    const frame = frameOf(page);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
    await expect(frame.getByRole('button', { name: 'Dialogfeld schließen' })).toBeVisible();
  });

  test('the standalone page (presentation="page") shows the seed’s cards and Log Out', async ({
    page,
  }) => {
    await signInReset(page);
    await page.goto('/preview/page');
    // Drawn first screen first (decision 1168): the rest follow, later on a loaded machine.
    await expect(page.locator('.ics-card')).toHaveCount(22, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});

test.describe('given the standalone build’s dialog, axe', () => {
  // Three axe runs over the dialog each: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  for (const { name, prepare } of axeModes)
    test(`finds nothing in the dialog in ${name}: a default set and its message, All Services, a search`, async ({
      page,
    }) => {
      await preview(page);
      await prepare(page);
      await expectDialogPassesAxe(page, await openDialog(page));
    });
});

declare global {
  interface Window {
    __openChanges: boolean[];
    __chosen: string;
  }
}
