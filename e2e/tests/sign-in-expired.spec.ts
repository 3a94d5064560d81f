import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';

test.describe('given the sign-in page open in two tabs of one browser', () => {
  test('the first tab’s expired form answers a readable 403 page without accessibility violations, whose form signs in', async ({
    context,
  }) => {
    const first = await context.newPage();
    await first.goto('/identity-service/home');
    // The second tab's visit gives the browser a new login cookie: the first form has expired.
    const second = await context.newPage();
    await second.goto('/identity-service/home');

    const answer = first.waitForResponse('**/identity-service/login');
    await first.getByRole('button', { name: /Ada Admin/ }).click();
    expect((await answer).status()).toBe(403);
    await expect(first.getByRole('alert')).toHaveText(/This sign-in form has expired/);
    await expect(first).toHaveTitle(/^The sign-in form expired ·/);
    await expectNoAxeViolations(first);

    await first.getByRole('button', { name: /Ada Admin/ }).click();
    await first.waitForURL('**/demo/');
    await expect(first.getByText('Signed in as Ada Admin')).toBeVisible();
  });
});
