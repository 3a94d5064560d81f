import { expect, type FrameLocator, type Page } from '@playwright/test';
import type { personas } from './support.ts';
import { signInByRequest } from './support.ts';

/** The switcher's isolated frame inside the host page's dialog. */
export const frameOf = (page: Page): FrameLocator =>
  page.frameLocator('iframe[name="app-switcher-dialog"]');

/**
 * Loads the host page with its prefetch turned off (`?prefetch=off`, the dialog's `prefetch`
 * option): the dialog's product fetch then starts at the click, where a test can hold it or
 * arm a fault for it after the page has loaded.
 */
export async function hostWithoutPrefetch(page: Page): Promise<void> {
  await page.goto('/demo/?prefetch=off');
  await expect(page.getByText(/Signed in as/)).toBeVisible();
}

/** Opens the dialog from the host page's Services button and waits for its content. */
export async function openDialog(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: 'Services', exact: true }).click();
  const frame = frameOf(page);
  await expect(frame.locator('.ics-dialog__layout[data-ready]')).toBeAttached();
  return frame;
}

/** Ada Admin's user id (seeded). */
export const ADA_ID = 'usr-ada-0000001';

/** Arms an emulator fault (the e2e server runs with --faults). */
export async function injectFault(
  page: Page,
  fault: { endpoint: string; status: number; times?: number; delayMs?: number },
): Promise<void> {
  const response = await page.request.post('/__emulator/faults', { data: fault });
  expect(response.status()).toBe(204);
}

/**
 * Clears every armed fault, the user's default service and recently used services, so tests
 * do not leak state.
 */
export async function resetServer(page: Page, userId: string): Promise<void> {
  expect((await page.request.delete('/__emulator/faults')).status()).toBe(204);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (const preference of ['defaultService', 'recentServices']) {
    const response = await page.request.delete(
      `/identity-service/api/v1/Users(${userId})/Preferences(ProductSwitcher.${preference})`,
      { headers: { 'X-XSRF-TOKEN': xsrf } },
    );
    // 404: there was nothing to clear.
    expect([204, 404]).toContain(response.status());
  }
}

/**
 * Signs a persona in, clears faults and the persona's preferences, then opens the host page: the
 * host prefetches the products as soon as it is idle, so the reset comes before the page.
 */
export async function signInAfresh(page: Page, persona: keyof typeof personas): Promise<void> {
  await signInByRequest(page, persona);
  await resetServer(page, `usr-${persona}-0000001`);
  await page.goto('/demo/');
  await expect(page.getByText(/Signed in as/)).toBeVisible();
}
