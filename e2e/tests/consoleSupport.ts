import { expect, type Page } from '@playwright/test';

export type Panel =
  'requests' | 'personas' | 'clock' | 'faults' | 'states' | 'extensions' | 'drift';

/** Opens the emulator console on one panel (its page sets the console's XSRF cookie). */
export async function openConsole(page: Page, panel: Panel): Promise<void> {
  await page.goto(`/__emulator/#${panel}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Emulator console' })).toBeVisible();
}

/** Calls the console's admin API as the console does, with its XSRF cookie in the header. */
export async function admin(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) {
  let token = (await page.context().cookies()).find((c) => c.name === 'ICS_CONSOLE_XSRF')?.value;
  if (!token) {
    await page.request.get('/__emulator/');
    token = (await page.context().cookies()).find((c) => c.name === 'ICS_CONSOLE_XSRF')?.value;
  }
  const response = await page.request.fetch(`/__emulator/api${path}`, {
    method,
    headers: { 'X-XSRF-TOKEN': token ?? '' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response;
}

/** Leaves the shared emulator as the console found it: real time, no faults of any kind. */
export async function resetConsole(page: Page): Promise<void> {
  await admin(page, 'POST', '/clock/reset');
  const faults = (await (await admin(page, 'GET', '/faults')).json()) as { id: string }[];
  for (const fault of faults) await admin(page, 'DELETE', `/faults/${fault.id}`);
  const extensions = (await (await admin(page, 'GET', '/extensions')).json()) as {
    product: string;
    name: string;
    fault?: string;
  }[];
  for (const e of extensions.filter((x) => x.fault))
    await admin(page, 'PUT', `/extensions/${e.product}/${encodeURIComponent(e.name)}/fault`, {
      fault: null,
    });
}
