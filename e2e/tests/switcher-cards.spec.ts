import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { openDialog, signInAfresh } from './switcherSupport.ts';

const noPermission =
  "You don't have permission to access this service. To review your permissions, contact your organization administrator.";
const noLicense =
  'This service requires a valid license. To obtain or renew a license, contact your organization administrator.';

test.describe('given Lee Locked in the dialog', () => {
  test.beforeEach(async ({ page }) => {
    // A card opened in one test would show in the next one's Recently used row.
    await signInAfresh(page, 'lee');
  });

  test('[SW-1.1] [SW-2.10] shows only his own services, flattened, in My Services', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const section = frame.getByRole('region', { name: 'My Services' });
    await expect(section.locator('.ics-card')).toHaveCount(8);
    await expect(section.locator('.ics-card[data-variant="none"]')).toHaveCount(8);
    await expect(section.getByRole('list')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('[SW-1.2] [SW-2.11] [SW-2.20] [SW-4.5] [SW-4.6] [SW-6.1] [SW-6.2] shows every service in All Services, locked ones greyed with a key or lock and the reason', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await expect(frame.getByRole('heading', { level: 3 })).toHaveCount(6);
    const c360 = frame.locator('.ics-card[data-unique-name="c360"]');
    await expect(c360).toHaveAttribute('data-variant', 'license');
    await expect(c360.locator('.ics-card__lock')).toHaveAttribute('data-icon', 'key');
    const c360Link = c360.getByRole('link', { name: 'Customer 360', exact: true });
    await expect(c360Link).toHaveAttribute('aria-disabled', 'true');
    await expect(c360Link).toHaveAccessibleDescription(noLicense);
    const apim = frame.locator('.ics-card[data-unique-name="apim"]');
    await expect(apim.locator('.ics-card__lock')).toHaveAttribute('data-icon', 'lock');
    await expect(
      apim.getByRole('link', { name: 'API Manager', exact: true }),
    ).toHaveAccessibleDescription(noPermission);
    // The tooltip shows on hover; the card is greyed.
    await c360Link.hover();
    await expect(c360.getByRole('tooltip')).toHaveText(noLicense);
    await expect(c360.getByRole('tooltip')).toBeVisible();
    const filter = await c360.locator('img').evaluate((img) => getComputedStyle(img).filter);
    expect(filter).toContain('grayscale');
    await expectNoAxeViolations(page);
  });

  test('[SW-4.5] a locked card after the first screen keeps its content-visibility and every box its size when focused, and its reason is painted whole below it, over the card under it', async ({
    page,
  }) => {
    // A low window: a first screen of 15 cards (decision 0860), fewer than Lee's.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.reload();
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    // The cards after the first screen load their images lazily and skip their content while
    // out of view (content-visibility: auto).
    const card = frame
      .locator('.ics-card[data-variant="license"]:has(img[loading="lazy"])')
      .first();
    await card.scrollIntoViewIfNeeded();
    // Showing the reason and raising the card are painted, not laid out (decision 1180): once
    // the card is drawn (the observer has seen its reason), no box changes size on focus.
    const resized = await card.evaluateHandle((element) => {
      const seen: string[] = [];
      const observer = new ResizeObserver((entries) => {
        for (const entry of entries) seen.push(entry.target.className);
      });
      for (const box of [element, element.querySelector('.ics-card__reason')])
        if (box) observer.observe(box);
      return seen;
    });
    await expect
      .poll(() => resized.evaluate((seen) => seen))
      .toContain('ics-tooltip ics-card__reason');
    const twoFrames = () =>
      card.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    await twoFrames();
    const observed = await resized.evaluate((seen) => [...seen]);
    await card.locator('.ics-card__link').focus();
    const reason = card.getByRole('tooltip');
    await expect(reason).toBeVisible();
    await twoFrames();
    expect(await resized.evaluate((seen) => [...seen])).toEqual(observed);
    // Dropping it relaid out the card's whole section on every focus and hover (decision 1180).
    expect(await card.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto');
    const overCard = await reason.evaluate((tip) => {
      const { bottom, left, right } = tip.getBoundingClientRect();
      return [...(tip.closest('.ics-grid')?.children ?? [])].some((other) => {
        const box = other.getBoundingClientRect();
        return !other.contains(tip) && box.top < bottom && box.left < right && box.right > left;
      });
    });
    expect(overCard).toBe(true);
    // The reason's bottom rows, below the card and over the next row's card, are painted in
    // the reason's own colour: neither clipped by the card's containment nor covered.
    const png = (await reason.screenshot()).toString('base64');
    const painted = await reason.evaluate(async (tip, data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
      if (!context) return { pixels: 0, unpainted: 0 };
      context.drawImage(image, 0, 0);
      const colour = (getComputedStyle(tip).backgroundColor.match(/\d+/g) ?? []).map(Number);
      // The middle of the two rows above the bottom edge (the corners are rounded).
      const from = Math.round(image.width * 0.2);
      const { data: rows } = context.getImageData(
        from,
        image.height - 3,
        image.width - 2 * from,
        2,
      );
      const pixels = rows.length / 4;
      const same = (i: number) =>
        colour.every((value, channel) => Math.abs((rows[i * 4 + channel] ?? 0) - value) < 8);
      return {
        pixels,
        unpainted: Array.from({ length: pixels }, (_, i) => i).filter((i) => !same(i)).length,
      };
    }, png);
    expect(painted.pixels).toBeGreaterThan(20);
    expect(painted.unpainted).toBe(0);
  });

  test('[SW-6.3] [SW-4.5] a locked card cannot be opened by pointer, keyboard or programmatic click', async ({
    page,
    context,
  }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    const link = frame.locator('.ics-card[data-unique-name="apim"] .ics-card__link');
    await expect(link).not.toHaveAttribute('href');
    // Every navigation the page starts (a link's default action, location.assign) is told to
    // the Navigation API's `navigate` listeners while the click is handled; new windows are
    // pages of the context. Both are recorded, so the test need not wait for "nothing".
    await page.evaluate(() => {
      const started: string[] = [];
      const nav = (window as unknown as { navigation: EventTarget }).navigation;
      nav.addEventListener('navigate', (e) => {
        started.push((e as unknown as { destination: { url: string } }).destination.url);
      });
      Object.assign(window, { startedNavigations: started });
    });
    const popups: string[] = [];
    context.on('page', (popup) => popups.push(popup.url()));
    await link.click({ force: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await link.evaluate((el) => (el as HTMLElement).click());
    expect(
      await page.evaluate(
        () => (window as unknown as { startedNavigations: string[] }).startedNavigations,
      ),
    ).toEqual([]);
    expect(popups).toEqual([]);
    await expect(page).toHaveURL(/\/demo\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('[SW-2.18] a service marked openInNewWindow opens in a new window without opener', async ({
    page,
    context,
  }) => {
    const frame = await openDialog(page);
    const popupPromise = context.waitForEvent('page');
    await frame.getByRole('link', { name: 'API Portal', exact: true }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/apps\/apip\/$/);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/demo\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('given Ada Admin in the dialog', () => {
  test.beforeEach(async ({ page }) => {
    // Opening a card records it as recently used: start each test without that row.
    await signInAfresh(page, 'ada');
  });

  test('[SW-2.17] [SW-2.18] a card closes the switcher, then navigates in the same window', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    await frame.getByRole('link', { name: 'Data Quality', exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/cdq\/$/);
  });

  test('[SW-2.19] [SW-1.4] the info link opens learnMorePageUrl in a new tab, without opener or referrer', async ({
    page,
    context,
  }) => {
    const frame = await openDialog(page);
    const info = frame.getByRole('link', { name: /^Learn more about Data Quality/ });
    await expect(info).toHaveAttribute('target', '_blank');
    await expect(info).toHaveAttribute('rel', 'noopener noreferrer');
    const popupPromise = context.waitForEvent('page');
    await info.click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(/\/docs\/cdq\/$/);
  });

  test('[SW-2.21] [SW-3.6] replaces a missing image with the bundled icon, logged once, images at 70x70', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().includes('Image missing')) warnings.push(m.text());
    });
    const frame = await openDialog(page);
    const image = frame.locator('.ics-card[data-unique-name="ref360"] img');
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
    expect(await image.evaluate((img) => [img.clientWidth, img.clientHeight])).toEqual([70, 70]);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await frame.getByRole('button', { name: 'Show my services' }).click();
    await expect.poll(() => warnings.length).toBe(1);
    expect(warnings[0]).toContain("'ref360'");
  });

  test('[SW-2.13] [SW-2.14] lays the cards out three per row, ordered by category with Platform Services last', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const tops = await frame
      .locator('.ics-card')
      .evaluateAll((els) =>
        els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().top)),
      );
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(new Set(tops.slice(3, 6)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await expect(frame.getByRole('heading', { level: 3 }).last()).toHaveText('Platform Services');
  });

  test('[SW-4.12] [SW-2.12] toggles between the views in the dialog', async ({ page }) => {
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await expect(frame.getByRole('heading', { level: 2, name: 'All Services' })).toBeVisible();
    await expect(frame.locator('.ics-chevron-left')).toBeVisible();
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Show my services' }).click();
    await expect(frame.getByRole('heading', { level: 2, name: 'My Services' })).toBeVisible();
  });

  test('the grid moves with arrow keys, Home and End, every card in the Tab order; Enter and Space open; names equal titles', async ({
    page,
  }) => {
    const frame = await openDialog(page);
    const links = frame.locator('.ics-card__link');
    // Each card's link is named by exactly the title the card shows.
    const titles = await links.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles)
      await expect(
        frame.locator('.ics-card__link').and(frame.getByRole('link', { name: title, exact: true })),
      ).toHaveCount(1);
    // Every card is in the Tab order (decision 1113): none is taken out of it.
    await expect(frame.locator('.ics-card [tabindex="-1"]')).toHaveCount(0);
    await links.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(4)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(links.nth(3)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(links.first()).toBeFocused();
    // Tab goes from a card through its star and info link to the next card, and from the last
    // card's controls to the footer.
    const cdq = frame.locator('.ics-card[data-unique-name="cdq"]');
    await cdq.locator('.ics-card__link').focus();
    await page.keyboard.press('Tab');
    await expect(cdq.locator('.ics-star')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cdq.locator('.ics-info')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      cdq.locator('xpath=following-sibling::li[1]').locator('.ics-card__link'),
    ).toBeFocused();
    const last = frame.locator('.ics-card').last();
    await last.locator('a, button').last().focus();
    await page.keyboard.press('Tab');
    await expect(frame.getByRole('button', { name: 'Show all services' })).toBeFocused();
    await links.first().focus();
    await page.keyboard.press('ArrowRight');
    const second = (await links.nth(1).getAttribute('href')) ?? '';
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(new RegExp(`${second.replace(/[/.]/g, '\\$&')}$`));
  });

  test('Enter on a card opens it', async ({ page }) => {
    const frame = await openDialog(page);
    await frame.locator('.ics-card__link').first().focus();
    const href = (await frame.locator('.ics-card__link').first().getAttribute('href')) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/.]/g, '\\$&')}$`));
  });
});

test.describe('given Tia Trial in the dialog', () => {
  test('[SW-4.7] [SW-1.4] [SW-4.8] shows the trial markers with the days left, and no default star on trial cards', async ({
    page,
  }) => {
    await signIn(page, 'tia');
    const frame = await openDialog(page);
    const cdq = frame.locator('.ics-card[data-unique-name="cdq"]');
    await expect(cdq.locator('.ics-trial')).toHaveText('Free Trial 1 Day Left Try Now');
    await expect(frame.locator('.ics-card[data-unique-name="c360"] .ics-trial')).toHaveText(
      'Free Trial 12 Days Left Try Now',
    );
    await expect(cdq.locator('.ics-star')).toHaveCount(0);
    await expect(frame.locator('.ics-card[data-unique-name="cdi"] .ics-star')).toHaveCount(1);
    await frame.getByRole('button', { name: 'Show all services' }).click();
    await expect(
      frame.locator('.ics-card[data-unique-name="discoveryiq.core"] .ics-star'),
    ).toHaveCount(0);
    await expect(frame.locator('.ics-card[data-variant="license"] .ics-star')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('given Nia Newcomer in the dialog', () => {
  test('[SW-2.16] shows the empty state with Log Out, without axe violations', async ({ page }) => {
    await signIn(page, 'nia');
    const frame = await openDialog(page);
    await expect(
      frame.getByText(
        "It seems like you don't have access to any of our services. Please contact your organization administrator.",
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/identity-service\/home(\?returnTo=%2F[^&]*)?$/);
  });
});
