import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';

// The emulator on the next port issues 6-second tokens (see playwright.config.ts).
const port = Number(process.env.E2E_PORT ?? 4173) + 1;
test.use({ baseURL: `http://127.0.0.1:${port}` });

const LOGIN = /\/identity-service\/home$/;

/** Records every JWT call of a browser context, with its time. */
function jwtCalls(context: BrowserContext) {
  const calls: { path: string; at: number }[] = [];
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/jwt/')) calls.push({ path: pathname, at: Date.now() });
  });
  return calls;
}

async function openDemo(context: BrowserContext, query: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/demo/?${query}`);
  await expect(page.getByText(/Signed in as/)).toBeVisible();
  return page;
}

test.describe('given two pages of the demo in one browser', () => {
  test('[PC-4.6] share one renewal request per token lifetime', async ({ page, context }) => {
    await signIn(page, 'ada');
    const calls = jwtCalls(context);
    const workers: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/shell-service/assets/time-worker.js'))
        workers.push(request.url());
    });
    const query = 'tokenRenewBefore=3000&tokenFloor=1000';
    await openDemo(context, query);
    await openDemo(context, query);
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const renewals = calls.filter((c) => /\/jwt\/Renew2?$/.test(c.path));
    // 6-second tokens renewed 3 s before expiry: one renewal every ~3 s for both pages together.
    expect(calls.filter((c) => c.path.endsWith('/jwt/Token')).length).toBeLessThanOrEqual(2);
    expect(renewals.length).toBeGreaterThanOrEqual(2);
    expect(renewals.length).toBeLessThanOrEqual(4);
    const gaps = renewals.slice(1).map((c, i) => c.at - (renewals[i]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThan(1500);
    test.info().annotations.push({
      type: 'renewals in 10 s, 2 pages',
      description: String(renewals.length),
    });
    // PC-9.11: each page started the time worker from its same-origin script.
    expect(workers.length).toBeGreaterThanOrEqual(2);
  });

  test('[PC-4.7] activity in one keeps the other signed in, and idleness in both signs both out', async ({
    page,
    context,
  }) => {
    await signIn(page, 'lee');
    const query = 'idleTimeout=6000&idleWarning=2000';
    const active = await openDemo(context, query);
    const quiet = await openDemo(context, query);
    await page.close();
    for (let i = 0; i < 9; i++) {
      await active.mouse.move(10 + i * 5, 10 + i * 5);
      await active.waitForTimeout(1000);
    }
    await expect(quiet).toHaveURL(/\/demo\//);
    await expect(active).toHaveURL(/\/demo\//);
    await expect(quiet).toHaveURL(LOGIN, { timeout: 10_000 });
    await expect(active).toHaveURL(LOGIN, { timeout: 10_000 });
  });

  test('[PC-2.2] logout in one signs out both', async ({ page, context }) => {
    await signIn(page, 'nia');
    const first = await openDemo(context, '');
    const second = await openDemo(context, '');
    await page.close();
    await first.getByRole('button', { name: 'Log Out' }).click();
    await expect(first).toHaveURL(LOGIN);
    await expect(second).toHaveURL(LOGIN);
  });
});

test.describe('given an idle page of the demo', () => {
  test('[PC-4.7] warns before logout, lets the user stay signed in with one action, then logs out', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, 'tia');
    // A warning long enough for the accessibility scan on a loaded machine.
    await page.goto('/demo/?idleTimeout=12000&idleWarning=10000');
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectNoAxeViolations(page);
    // The focused button answers Enter. (A pointer's approach is itself activity and clears
    // the warning before the click lands, since the hook renders store updates at once.)
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await expect(warning).toBeVisible({ timeout: 5000 });
    await expect(page).toHaveURL(LOGIN, { timeout: 15_000 });
  });
});
