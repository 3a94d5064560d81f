import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { emulatorPort } from '../ports.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

// The emulator on the port after this worker's issues 6-second tokens (see ../ports.ts).
test.use({ baseURL: `http://127.0.0.1:${emulatorPort() + 1}` });

// Sign-in and sign-out come back to the demo page they left (docs/decisions/0930-sign-in-round-trip.md).
const LOGIN = /\/identity-service\/home\?returnTo=%2Fdemo%2F/;

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
    const renewals = () => calls.filter((c) => /\/jwt\/Renew2?$/.test(c.path));
    // 6-second tokens renewed 3 s before expiry: one renewal every ~3 s for both pages together,
    // so the two pages' second renewal comes one token lifetime after the first, not at once.
    await expect.poll(() => renewals().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = renewals();
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThan(1500);
    expect(calls.filter((c) => c.path.endsWith('/jwt/Token')).length).toBeLessThanOrEqual(2);
    test.info().annotations.push({
      type: 'seconds between the first two renewals, 2 pages',
      description: String(((second?.at ?? 0) - (first?.at ?? 0)) / 1000),
    });
    // PC-9.11: each page started the time worker from its same-origin script.
    expect(workers.length).toBeGreaterThanOrEqual(2);
  });

  test('[PC-4.7] activity in one keeps the other signed in, and idleness in both signs both out', async ({
    page,
    context,
  }) => {
    // The pages' time is Playwright's clock, moved by the test: with the time worker (which
    // the clock does not reach) unavailable, the client's timers run in the pages.
    await context.route('**/shell-service/assets/time-worker.js', (route) => route.abort());
    await context.clock.install();
    await signIn(page, 'lee');
    const query = 'idleTimeout=6000&idleWarning=2000';
    const active = await openDemo(context, query);
    const quiet = await openDemo(context, query);
    await page.close();
    // Nine seconds of activity in one page, a second apart: longer than the idle timeout.
    for (let i = 0; i < 9; i++) {
      await active.mouse.move(10 + i * 5, 10 + i * 5);
      await context.clock.runFor(1000);
    }
    await expect(quiet).toHaveURL(/\/demo\//);
    await expect(active).toHaveURL(/\/demo\//);
    await context.clock.runFor(8000); // then both pages idle past the timeout
    await expect(quiet).toHaveURL(LOGIN);
    await expect(active).toHaveURL(LOGIN);
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
  // Idleness is the page's own timer, whatever the token's lifetime: this worker's emulator with
  // the usual tokens, so a loaded machine's slow start cannot let a 6-second token lapse first.
  test.use({ baseURL: `http://127.0.0.1:${emulatorPort()}` });

  test('[PC-4.7] warns before logout, lets the user stay signed in with one action, then logs out', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // Playwright's clock moves the page's time (the time worker, which it does not reach, is
    // refused, so the client's timers run in the page); it also flows on its own.
    await page.context().route('**/shell-service/assets/time-worker.js', (route) => route.abort());
    await page.clock.install();
    await signIn(page, 'tia');
    // A warning long enough for the accessibility scan on a loaded machine.
    await page.goto('/demo/?idleTimeout=12000&idleWarning=10000');
    await expect(page.getByText(/Signed in as/)).toBeVisible();
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await page.clock.runFor(2500); // idle for 2.5 s: the warning is due after 2 s
    await expect(warning).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectNoAxeViolations(page);
    // The focused button answers Enter. (A pointer's approach is itself activity and clears
    // the warning before the click lands, since the hook renders store updates at once.)
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await page.clock.runFor(2500);
    await expect(warning).toBeVisible();
    await page.clock.runFor(10_500); // the rest of the idle timeout
    await expect(page).toHaveURL(LOGIN);
  });
});
