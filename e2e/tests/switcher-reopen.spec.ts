import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';
import { frameOf, hostWithoutPrefetch, injectFault, openDialog } from './switcherSupport.ts';

/** Counts the product fetches that have answered so far. */
function productAnswers(page: Page): () => number {
  let answered = 0;
  page.on('requestfinished', (r) => {
    if (r.url().includes('ProductsWithLicenses')) answered += 1;
  });
  return () => answered;
}
const slowProducts = (page: Page) =>
  injectFault(page, {
    endpoint: 'shell.getProductsWithLicenses',
    status: 200,
    delayMs: 4000,
    times: 1,
  });

test.describe('given Ada Admin who opened the switcher once', () => {
  test.beforeEach(async ({ page }) => {
    await page.request.delete('/__emulator/faults');
    await signIn(page, 'ada');
    const frame = await openDialog(page);
    await frame.getByRole('button', { name: 'Close Dialog' }).click();
  });

  test('reopening shows her cards from the kept answer before the product fetch answers, and the same cards after', async ({
    page,
  }) => {
    const answered = productAnswers(page);
    await slowProducts(page);
    const frame = await openDialog(page);
    const card = frame.getByRole('link', { name: 'Data Quality', exact: true });
    await expect(card).toBeVisible();
    expect(answered()).toBe(0);
    const titles = await frame.locator('.ics-card__link').allTextContents();
    await expect.poll(answered, { timeout: 10_000 }).toBe(1);
    expect(await frame.locator('.ics-card__link').allTextContents()).toEqual(titles);
  });

  test('the next page of the same session shows her cards at once too', async ({ page }) => {
    await hostWithoutPrefetch(page);
    const answered = productAnswers(page);
    await slowProducts(page);
    const frame = await openDialog(page);
    await expect(frame.getByRole('link', { name: 'Data Quality', exact: true })).toBeVisible();
    expect(answered()).toBe(0);
  });

  test('another user signing in in the same tab never sees her cards: the loader shows until his answer', async ({
    page,
  }) => {
    const hers = await page.evaluate(() => sessionStorage.getItem('ics-switcher.products'));
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/demo/'));
    await signIn(page, 'lee');
    await hostWithoutPrefetch(page);
    // Her answer is kept in this tab: the host's logout does not know the switcher. (The page
    // his sign-in lands on may have drawn the prepared dialog, keeping his own answer instead,
    // decision 1165: hers is put back, as a page that did not prepare would have left it.)
    await page.evaluate(
      (kept) => sessionStorage.setItem('ics-switcher.products', kept ?? ''),
      hers,
    );
    expect(await page.evaluate(() => sessionStorage.getItem('ics-switcher.products'))).toContain(
      'Data Quality',
    );
    await slowProducts(page);
    await page.getByRole('button', { name: 'Services', exact: true }).click();
    const frame = frameOf(page);
    await expect(frame.locator('[data-loader]')).toBeVisible();
    await expect(frame.locator('.ics-card').first()).toBeHidden();
    // Lee's own services (8 in My Services, besides any recently used row) once his answer arrives.
    await expect(
      frame.locator('.ics-switcher__content > section > .ics-grid > .ics-card'),
    ).toHaveCount(8, { timeout: 10_000 });
  });
});
