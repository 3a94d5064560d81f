import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';
import { openDialog } from './switcherSupport.ts';

/** Counts the requests of the page whose path ends with `suffix`, from now on. */
function counter(page: Page, suffix: string): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(suffix)) count += 1;
  });
  return () => count;
}

test.describe('given Ada Admin on the demo host, whose page shows her name through useSession', () => {
  test.beforeEach(async ({ page }) => {
    await page.request.delete('/__emulator/faults');
    await signIn(page, 'ada');
    // The sign-in's own page has read its user: counting starts on the next page load.
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
  });

  test('the page load, a first open and two reopens of the switcher read session/User once in all', async ({
    page,
  }) => {
    // The sign-in's page prepares the dialog once idle: leave it before counting, or its
    // product fetch, sent between the counter's start and the next load, is counted too.
    await page.goto('about:blank');
    const users = counter(page, '/session/User');
    const products = counter(page, 'ProductsWithLicenses');
    await page.goto('/demo/');
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
    for (let open = 1; open <= 3; open++) {
      const frame = await openDialog(page);
      await expect(frame.getByRole('link', { name: 'Data Quality', exact: true })).toBeVisible();
      // Each open's product fetch (the first, or a reopen's revalidation) has been sent.
      await expect.poll(products).toBe(open);
      await frame.getByRole('button', { name: 'Close Dialog' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(users()).toBe(1);
  });

  test('the next page load reads session/User once more, and its first open none', async ({
    page,
  }) => {
    await openDialog(page);
    const users = counter(page, '/session/User');
    await page.reload();
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
    const frame = await openDialog(page);
    await expect(frame.getByRole('link', { name: 'Data Quality', exact: true })).toBeVisible();
    expect(users()).toBe(1);
  });

  test('once the page has prepared the dialog (idle, pointer on Services), the first open requests no answer, bundle or user, and each was fetched once', async ({
    page,
  }) => {
    await page.goto('about:blank'); // the sign-in's page may be preparing: leave it first
    const paths: string[] = [];
    page.on('request', (r) => paths.push(new URL(r.url()).pathname));
    await page.goto('/demo/');
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
    await page.getByRole('button', { name: 'Services', exact: true }).hover();
    // The answer has been fetched, and the bundles are kept once all have been read.
    await expect.poll(() => paths.filter((p) => p.includes('ProductsWithLicenses')).length).toBe(1);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('ics-switcher.groupBundles')))
      .not.toBeNull();
    const prepared = paths.length;
    const frame = await openDialog(page);
    await expect(frame.getByRole('link', { name: 'Data Quality', exact: true })).toBeVisible();
    const data = /ProductsWithLicenses|translation\.json$|\/session\/User$/;
    expect(paths.slice(prepared).filter((p) => data.test(p))).toEqual([]);
    // The page's one user and one answer (its bundles, kept by the sign-in's page, are not read).
    const fetched = paths.filter((p) => data.test(p));
    expect(fetched.filter((p) => !p.endsWith('translation.json'))).toEqual([
      '/session-service/api/v1/session/User',
      '/shell-service/api/v1/ProductsWithLicenses',
    ]);
    expect(new Set(fetched).size).toBe(fetched.length);
  });
});
