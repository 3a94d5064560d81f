import { expect, test } from '@playwright/test';
import { watchPage } from './support.ts';

// The reference is built by `node scripts/api-reference.mjs` (npm test runs it before Playwright).
test.describe('given the packages’ API reference served by the emulator', () => {
  test('lists every entry, shows a client service’s methods with their comments, and runs without console errors or other hosts', async ({
    page,
    baseURL,
  }) => {
    const { origins, errors } = watchPage(page);
    await page.goto('/docs/reference/');
    await expect(
      page.getByRole('heading', { name: 'ICS front-end foundation: package reference' }),
    ).toBeVisible();
    for (const entry of [
      '@ics/platform-client',
      '@ics/platform-client/react',
      '@ics/platform-client/query',
      '@ics/platform-client/node',
      '@ics/service-switcher',
      '@ics/platform-emulator/testing',
      '@ics/platform-emulator/msw',
      '@ics/platform-emulator/dev-proxy',
      '@ics/platform-contract',
    ])
      await expect(page.getByRole('link', { name: entry, exact: true }).first()).toBeVisible();

    await page.goto('/docs/reference/interfaces/_ics_platform-client.IdentityService.html');
    await expect(page.getByRole('heading', { name: /Interface IdentityService/ })).toBeVisible();
    await expect(page.locator('#getuserprofile')).toBeVisible();
    await expect(page.getByText("The signed-in user's profile").first()).toBeVisible();
    expect(errors).toEqual([]);
    expect([...origins]).toEqual([new URL(baseURL ?? '').origin]);
  });
});
