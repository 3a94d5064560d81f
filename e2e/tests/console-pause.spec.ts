import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openConsole } from './consoleSupport.ts';
import { signIn } from './support.ts';

/** Makes `count` logged API requests from the signed-in page, each with its own request id. */
async function requests(page: Page, label: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `e2e-${label}-${Date.now()}-${i}`);
  for (const id of ids) {
    const answer = await page.request.get('/session-service/api/v1/session/User', {
      headers: { 'X-Request-Id': id },
    });
    expect(answer.status()).toBe(200);
  }
  return ids;
}

const row = (page: Page, id: string) => page.locator(`tr[data-request-id="${id}"]`);

/**
 * Waits until the console's status says `words` about at least `least` requests (the demo
 * page's own calls may add some), and returns how many it says.
 */
async function said(page: Page, words: (n: string) => string, least: number): Promise<number> {
  const pattern = new RegExp(`^${words('(\\d+)').replace(/[.]/g, '\\.')}$`);
  const count = async () =>
    Number(pattern.exec((await page.getByRole('status').textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(count).toBeGreaterThanOrEqual(least);
  return count();
}

/**
 * Signs in (then leaves the demo page, so only the test's own requests reach the log) and opens
 * the console's requests panel in a second tab.
 */
async function consoleBeside(page: Page, context: BrowserContext): Promise<Page> {
  await signIn(page, 'ada');
  await page.goto('about:blank');
  const consolePage = await context.newPage();
  await openConsole(consolePage, 'requests');
  return consolePage;
}

test.describe('given the console’s live request list beside a signed-in page', () => {
  test('Pause is a toggle button: while pressed new requests are counted in a polite status, not inserted, and releasing it inserts them', async ({
    page,
    context,
  }) => {
    const consolePage = await consoleBeside(page, context);
    const [before = ''] = await requests(page, 'before', 1);
    await expect(row(consolePage, before)).toBeVisible();

    const pause = consolePage.getByRole('button', { name: 'Pause' });
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    const status = consolePage.getByRole('status');
    await expect(status).toHaveText('Paused: new requests are counted, not shown.');
    const rows = await consolePage.locator('tr[data-request-id]').count();

    const during = await requests(page, 'paused', 3);
    await said(consolePage, (n) => `Paused: ${n} new requests not shown yet.`, 3);
    await expect(consolePage.locator('tr[data-request-id]')).toHaveCount(rows);
    for (const id of during) await expect(row(consolePage, id)).toHaveCount(0);

    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await said(consolePage, (n) => `${n} new requests shown.`, 3);
    for (const id of during) await expect(row(consolePage, id)).toBeVisible();
    // Newest first: the last request made is the first row.
    await expect(consolePage.locator('tr[data-request-id]').first()).toHaveAttribute(
      'data-request-id',
      during[2] ?? '',
    );
  });

  test('a row whose button has keyboard focus stays where it is while requests arrive, which are counted and inserted once focus leaves the list', async ({
    page,
    context,
  }) => {
    const consolePage = await consoleBeside(page, context);
    const [mine = ''] = await requests(page, 'focused', 1);
    const button = row(consolePage, mine).getByRole('button');
    await button.focus();
    const at = await button.boundingBox();

    const later = await requests(page, 'later', 2);
    await said(consolePage, (n) => `${n} new requests not shown while focus is in the list.`, 2);
    await expect(button).toBeFocused();
    expect(await button.boundingBox()).toEqual(at);
    for (const id of later) await expect(row(consolePage, id)).toHaveCount(0);

    // Shift+Tab leaves the list for the Status filter: the rows come in.
    await consolePage.keyboard.press('Shift+Tab');
    await consolePage.keyboard.press('Shift+Tab');
    await said(consolePage, (n) => `${n} new requests shown.`, 2);
    for (const id of later) await expect(row(consolePage, id)).toBeVisible();
  });

  test('a request’s detail keeps focus where the user put it while rows arrive, and Close returns focus to the row', async ({
    page,
    context,
  }) => {
    const consolePage = await consoleBeside(page, context);
    const [mine = ''] = await requests(page, 'detail', 1);
    const button = row(consolePage, mine).getByRole('button');
    await button.focus();
    await consolePage.keyboard.press('Enter');
    const detail = consolePage.getByRole('region', { name: /session\/User/ });
    await expect(detail.getByRole('heading', { level: 3 })).toBeFocused();
    const close = detail.getByRole('button', { name: 'Close' });
    await close.focus();

    const [arrived = ''] = await requests(page, 'while-open', 1);
    await expect(row(consolePage, arrived)).toBeVisible();
    await expect(close).toBeFocused();

    await consolePage.keyboard.press('Enter');
    await expect(detail).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});
