import { expect, test, type Page } from '@playwright/test';
import {
  dialogFrame,
  expectHeard,
  expectOpeningHeard,
  openAndListen,
  startReader,
  tabTo,
} from './screenReader.ts';
import { signIn } from './support.ts';
import { ADA_ID, injectFault, resetServer, signInAfresh } from './switcherSupport.ts';

// What a screen-reader user hears in the switcher's dialog, phrase by phrase (issue 40): the
// Virtual Screen Reader runs in the dialog's frame, follows focus as the keyboard moves it, and
// says what a reader says for each pattern of the WAI-ARIA APG (a modal dialog, links in a
// list, toggle-less buttons, status and alert live regions). Phrases are its wording: "role,
// name, description".

const frameOf = (page: Page) => page.frameLocator('iframe[name="app-switcher-dialog"]');

test.describe('given Ada Admin with a screen reader', () => {
  test.beforeEach(async ({ page }) => {
    await signInAfresh(page, 'ada');
  });

  test('opening the dialog: its title, Close, the search and the cards as a list of links, and no page landmarks in the frame', async ({
    page,
  }) => {
    const reader = await openAndListen(page);
    const walk = await expectOpeningHeard(reader);
    // The frame is part of the host's page: it offers no banner or contentinfo of its own.
    const everything = [...walk];
    for (let i = 0; i < 200 && !everything.includes('end of document'); i++)
      everything.push(await reader.next());
    expect(everything.filter((p) => /^(banner|contentinfo)$/.test(p))).toEqual([]);
  });

  test('search: typing says how many services match, politely', async ({ page }) => {
    const reader = await openAndListen(page);
    await frameOf(page).getByRole('searchbox', { name: 'Search services' }).fill('data');
    // The count's text changes in place, which the reader misses: the recorder hears it.
    await expect.poll(() => reader.live()).toContainEqual(expect.stringMatching(/^\d+ services?$/));
  });

  test('[SW-2.15] [SW-8.1] setting, moving and unsetting the default: each outcome is said, naming the service', async ({
    page,
  }) => {
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Set Data Quality as the default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Data Quality is now your default service');
    // Moving it to another service was silent: the same text in the same region (issue 40).
    await reader.clear();
    await tabTo(page, reader, 'button, Set Monitor as the default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Monitor is now your default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Monitor is no longer your default service');
    // The message is said alone: its dismiss button is not part of it.
    expect((await reader.heard()).filter((p) => p.includes('Dismiss message'))).toEqual([]);
    await resetServer(page, ADA_ID);
  });

  test('the default card says it is the default in its name', async ({ page }) => {
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Set Data Quality as the default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Data Quality is now your default service');
    await page.keyboard.press('Shift+Tab');
    await expect
      .poll(() => reader.last())
      .toBe(
        'link, Data Quality, Default service, Cleanse, standardize and verify data with reusable rules.',
      );
    await resetServer(page, ADA_ID);
  });

  test('dismissing a message leaves focus on the card whose star was pressed', async ({ page }) => {
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Set Data Quality as the default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Data Quality is now your default service');
    await frameOf(page).getByRole('button', { name: 'Dismiss message' }).click();
    await expect(frameOf(page).locator('.ics-bubble')).toHaveCount(0);
    await expect(
      frameOf(page).locator('.ics-card[data-unique-name="cdq"] .ics-card__link'),
    ).toBeFocused();
    await expectHeard(reader, /^link, Data Quality, Default service\b/);
    await resetServer(page, ADA_ID);
  });

  test('[SW-2.12] switching views says the view shown and how many services it has', async ({
    page,
  }) => {
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Show all services');
    await page.keyboard.press('Enter');
    await expectHeard(reader, /^polite: All Services: \d+ services$/);
    await expect(frameOf(page).getByRole('button', { name: 'Show my services' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: My Services: 22 services');
  });

  test('no control is described by its own name: Close Dialog and Dismiss message say their name once, and no title repeats a name', async ({
    page,
  }) => {
    const reader = await openAndListen(page);
    await tabTo(page, reader, 'button, Set Data Quality as the default service');
    await page.keyboard.press('Enter');
    await expectHeard(reader, 'polite: Data Quality is now your default service');
    const frame = frameOf(page);
    for (const name of ['Close Dialog', 'Dismiss message']) {
      const button = frame.getByRole('button', { name, exact: true });
      await expect(button).toHaveAccessibleName(name);
      await expect(button).toHaveAccessibleDescription('');
    }
    // A title equal to the element's label or text is exposed as a description saying it again.
    const repeated = await frame
      .locator('body')
      .evaluate((body) =>
        [...body.querySelectorAll('[title]')]
          .filter((el) =>
            [el.getAttribute('aria-label'), el.textContent?.trim()].includes(
              el.getAttribute('title'),
            ),
          )
          .map((el) => el.outerHTML.slice(0, 120)),
      );
    expect(repeated).toEqual([]);
    await resetServer(page, ADA_ID);
  });

  test('after Recently used, the rest of My Services is heard as a list named Services', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    await frameOf(page).locator('.ics-card[data-unique-name="cdi"] .ics-card__link').click();
    await page.waitForURL('**/apps/cdi/');
    await page.goto('/demo/');
    const reader = await openAndListen(page);
    const walk: string[] = [];
    for (let i = 0; i < 60 && !walk.includes('heading, Recently used, level 3'); i++)
      walk.push(await reader.next());
    const after: string[] = [];
    for (let i = 0; i < 30; i++) after.push(await reader.next());
    // The recent list's one card, then the next list, by its name.
    const lists = after.filter((p) => /^list\b/.test(p));
    expect(lists).toEqual(['list', 'list, Services']);
    await resetServer(page, ADA_ID);
  });

  test('every card is in the Tab order: Tab goes from a card through its star and info link to the next card', async ({
    page,
  }) => {
    const reader = await openAndListen(page);
    await tabTo(page, reader, /^link, Data Quality\b/);
    await reader.clear();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await reader.heard()).toEqual([
      'button, Set Data Quality as the default service',
      'link, Learn more about Data Quality (opens in a new window)',
      expect.stringMatching(/^link, /),
    ]);
  });
});

test.describe('given a product fetch that fails once, with a screen reader', () => {
  test('Try again keeps focus in the switcher, then on the first card, and says the list that came back', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    await page.goto('/demo/?prefetch=off');
    await injectFault(page, { endpoint: 'shell.getProductsWithLicenses', status: 500, times: 1 });
    const reader = await openAndListen(page);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    await expect(frame.locator('.ics-card__link').first()).toBeFocused();
    await expectHeard(reader, /^polite: My Services: \d+ services$/);
    expect(
      await frame.locator('body').evaluate((body) => body.ownerDocument.activeElement !== body),
    ).toBe(true);
  });
});

test.describe('given a product fetch that keeps failing, with a screen reader', () => {
  test('the error is said alone, without Try again, each time it shows; Try again is a button beside the alert', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    await page.goto('/demo/?prefetch=off');
    await injectFault(page, { endpoint: 'shell.getProductsWithLicenses', status: 500, times: 10 });
    const reader = await openAndListen(page);
    const frame = frameOf(page);
    const title = "We couldn't load your services.";
    const body =
      'Check your connection, then try again. If the problem persists, contact your organization administrator.';
    await expect(frame.getByRole('alert')).toHaveText(title + body);
    await expect(frame.getByRole('alert').getByRole('button')).toHaveCount(0);
    await frame.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    // The second failure puts the alert back: what its region says is recorded.
    await expect
      .poll(() => reader.live(), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining(title));
    await expect(frame.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect((await reader.live()).filter((text) => text.includes(title))).toEqual([title + body]);
    await resetServer(page, ADA_ID);
  });
});

test.describe('given Tia Trial with a screen reader', () => {
  test('[SW-4.7] a trial card says the trial and its days left on its link, as written', async ({
    page,
  }) => {
    await signInAfresh(page, 'tia');
    const reader = await openAndListen(page);
    await tabTo(page, reader, /^link, Data Quality\b/);
    expect(await reader.last()).toMatch(/^link, Data Quality, Free Trial, 1 Day Left\b/);
    // The visible marker, uppercased by CSS, is not read a second time (nor spelled).
    const walk: string[] = [];
    for (let i = 0; i < 6; i++) walk.push(await reader.next());
    expect(walk.filter((p) => /FREE TRIAL|Try Now/.test(p))).toEqual([]);
  });
});

test.describe('given Lee Locked with a screen reader', () => {
  test('[SW-4.5] a locked card says it is unavailable and why; its reason never covers its title; Escape hides the reason first', async ({
    page,
  }) => {
    await signInAfresh(page, 'lee');
    const reader = await openAndListen(page);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    const card = frame.locator('.ics-card[data-variant="license"]').first();
    await card.locator('.ics-card__link').focus();
    await expect
      .poll(() => reader.last())
      .toMatch(/^link, [^,]+, This service requires a valid license\. .+, disabled$/);
    const reason = card.getByRole('tooltip');
    await expect(reason).toBeVisible();
    const title = await card.locator('bdi').boundingBox();
    const tip = await reason.boundingBox();
    expect(title && tip && (tip.y >= title.y + title.height || tip.y + tip.height <= title.y)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect(reason).toBeHidden();
    await expect(page.locator('dialog.ics-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    // Closed: the dialog and its frame stay in the page, shut (decision 1151).
    await expect(page.locator('dialog.ics-dialog[open]')).toHaveCount(0);
  });
});

test.describe('given Nia Newcomer with a screen reader', () => {
  test('[SW-2.16] the dialog is described by its message, and Log Out says why it is the only control', async ({
    page,
  }) => {
    await signIn(page, 'nia');
    const reader = await openAndListen(page);
    const message =
      "It seems like you don't have access to any of our services. Please contact your organization administrator.";
    await expect(page.locator('dialog.ics-dialog')).toHaveAccessibleDescription(message);
    await page.keyboard.press('Tab');
    await expect.poll(() => reader.last()).toBe(`button, Log Out, ${message}`);
  });
});

test.describe('given a host page with a screen reader', () => {
  test('closing the dialog with Escape returns focus, and the reader, to Services', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    const host = await startReader(page.mainFrame());
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    await dialogFrame(page);
    await host.clear();
    await page.keyboard.press('Escape');
    // Closed: the dialog and its frame stay in the page, shut (decision 1151).
    await expect(page.locator('dialog.ics-dialog[open]')).toHaveCount(0);
    await expect.poll(() => host.last()).toMatch(/^button, Services\b/);
  });
});
