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

  test('a downloaded state file, loaded back, brings back data deleted since', async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    await signIn(page, 'ada');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const headers = { 'X-XSRF-TOKEN': xsrf };
    const count = () =>
      page.request
        .get(`${preference}?fullyQualifiedName=${NAME}.file`)
        .then(async (r) => ((await r.json()) as { value: unknown[] }).value.length);
    await page.request.post(preference, {
      headers,
      data: { fullyQualifiedName: `${NAME}.file`, value: 'kept' },
    });

    await openConsole(page, 'states');
    await page.getByLabel('Name').fill('to download');
    await page.getByRole('button', { name: 'Save state' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved “to download”.');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download to download' }).click(),
    ]);
    const file = info.outputPath('to-download.state.json');
    await download.saveAs(file);

    await page.request.delete(`${preference}(${NAME}.file)`, { headers });
    expect(await count()).toBe(0);
    await page.getByLabel('Load a state file').setInputFiles(file);
    await expect(page.getByRole('status')).toHaveText('Loaded to-download.state.json.', {
      timeout: 30_000,
    });
    expect(await count()).toBe(1);
    await page.request.delete(`${preference}(${NAME}.file)`, { headers });
  });
});
