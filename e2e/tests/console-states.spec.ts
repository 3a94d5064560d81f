import { expect, test } from '@playwright/test';
import { openConsole } from './consoleSupport.ts';
import { ADA_ID } from './switcherSupport.ts';
import { signIn } from './support.ts';

const preference = `/identity-service/api/v1/Users(${ADA_ID})/Preferences`;
const NAME = 'Console.e2eState';

test.describe('given a state saved in the console', () => {
  test('restoring it brings back data deleted since', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'ada');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const headers = { 'X-XSRF-TOKEN': xsrf };
    const saved = () =>
      page.request
        .get(`${preference}?fullyQualifiedName=${NAME}`)
        .then(async (r) => ((await r.json()) as { value: unknown[] }).value.length);
    expect(
      (
        await page.request.post(preference, {
          headers,
          data: { fullyQualifiedName: NAME, value: 'kept' },
        })
      ).status(),
    ).toBe(201);

    await openConsole(page, 'states');
    await page.getByLabel('Name').fill('with the preference');
    await page.getByRole('button', { name: 'Save state' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved “with the preference”.');

    await page.request.delete(`${preference}(${NAME})`, { headers });
    expect(await saved()).toBe(0);

    await page.getByRole('button', { name: 'Restore with the preference' }).click();
    await expect(page.getByRole('status')).toHaveText('Restored “with the preference”.', {
      timeout: 30_000,
    });
    expect(await saved()).toBe(1);
    await page.request.delete(`${preference}(${NAME})`, { headers });
  });
});
