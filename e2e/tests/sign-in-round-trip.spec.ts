import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { emulatorPort } from '../ports.ts';
import { startSignInApp } from '../signInApp/server.ts';

// This worker's emulator (../ports.ts), behind the app's static server and proxy.
const emulator = `http://127.0.0.1:${emulatorPort()}`;
let app: { url: string; server: Server };

test.beforeAll(async () => {
  app = await startSignInApp(emulator);
});
test.afterAll(async () => {
  await new Promise((resolve) => app.server.close(resolve));
});

test.describe('given an application of its own served without an SPA fallback', () => {
  test('a deep link opened without a session comes back to itself after sign-in, and the app’s own page after Log Out and sign-in', async ({
    page,
  }) => {
    const deepLink = `${app.url}/app/deep/link.html?tab=2`;
    await page.goto(deepLink);
    await page.waitForURL(
      `${app.url}/identity-service/home?returnTo=%2Fapp%2Fdeep%2Flink.html%3Ftab%3D2`,
    );
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.waitForURL(deepLink);
    await expect(page.getByRole('heading', { name: 'Team app deep link' })).toBeVisible();
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();

    await page.goto(`${app.url}/app/index.html`);
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${app.url}/identity-service/home?returnTo=%2Fapp%2Findex.html`);
    await page.getByRole('button', { name: /Nia Newcomer/ }).click();
    await page.waitForURL(`${app.url}/app/index.html`);
    await expect(page.getByRole('heading', { name: 'Team app home' })).toBeVisible();
    await expect(page.getByText(/Signed in as Nia/)).toBeVisible();
  });

  test('the static server has no SPA fallback: a path the app does not have is a 404', async ({
    request,
  }) => {
    expect((await request.get(`${app.url}/app/deep/other.html`)).status()).toBe(404);
    expect((await request.get(`${app.url}/app/deep/link.html`)).status()).toBe(200);
  });
});
