import { expect, test, type Page } from '@playwright/test';
import { admin, openConsole, resetConsole, type Panel } from './consoleSupport.ts';
import { expectNoAxeViolations, signIn } from './support.ts';

const panels: Record<Panel, string> = {
  requests: 'Requests',
  personas: 'Personas and sessions',
  clock: 'Clock',
  faults: 'Faults',
  states: 'States',
  extensions: 'Extensions',
  drift: 'Drift',
};

/**
 * Records every text the console's outcome line (its `role="status"`) gains, as a screen
 * reader's live-region handling sees additions: a virtual reader misses a text replaced by the
 * same text, so the page's own MutationObserver records each added node.
 */
async function recordOutcomes(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    const region = document.querySelector('main [role="status"]');
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) heard.push(node.textContent ?? '');
    }).observe(region ?? document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
}

test.describe('given the emulator console used with the keyboard', () => {
  test.afterEach(({ page }) => resetConsole(page));

  test('choosing a panel in the nav moves focus to the new panel’s heading and names it in the title', async ({
    page,
  }) => {
    await openConsole(page, 'requests');
    for (const panel of ['faults', 'clock', 'extensions'] as Panel[]) {
      const link = page.getByRole('navigation', { name: 'Panels' }).getByRole('link', {
        name: panels[panel],
      });
      await link.focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: panels[panel] });
      await expect(heading).toBeFocused();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(
        `${panels[panel]} · Emulator console · Intelligent Cloud Services`,
      );
    }
  });

  test('the same action twice is announced twice in the panel’s polite status', async ({
    page,
  }) => {
    await openConsole(page, 'clock');
    const heard = await recordOutcomes(page);
    const advance = page.getByRole('button', { name: 'Advance', exact: true });
    await advance.click();
    await expect(page.getByRole('status')).toHaveText('Advanced by 30 minutes.');
    await advance.click();
    await expect.poll(heard).toEqual(['Advanced by 30 minutes.', 'Advanced by 30 minutes.']);
  });

  test('a Status filter that leaves no row says “No requests match the filter.” in the panel’s polite status', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    await openConsole(page, 'requests');
    await expect(page.locator('tr[data-request-id]').first()).toBeVisible();
    const heard = await recordOutcomes(page);
    await page.getByRole('textbox', { name: 'Status' }).fill('599');
    await expect(page.locator('tr[data-request-id]')).toHaveCount(0);
    await expect.poll(heard).toContain('No requests match the filter.');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'No requests match the filter.',
    );
  });

  test('Back to real time, disabled by its own press, hands focus to the panel’s heading', async ({
    page,
  }) => {
    await openConsole(page, 'clock');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    const back = page.getByRole('button', { name: 'Back to real time' });
    await expect(back).toBeEnabled();
    await back.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Back to real time.');
    await expect(back).toBeDisabled();
    await expect(page.getByRole('heading', { level: 2, name: 'Clock' })).toBeFocused();
  });

  test('removing a fault announces it and moves focus to the panel’s heading instead of the page', async ({
    page,
  }) => {
    await openConsole(page, 'faults');
    await admin(page, 'POST', '/faults', { operation: 'shell.getConfig', status: 503 });
    await page.reload();
    const remove = page.getByRole('button', { name: 'Remove fault on shell.getConfig' });
    await remove.focus();
    await page.keyboard.press('Enter');
    // The faults banner is a status of its own while the fault is on.
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Fault removed.');
    await expect(page.getByRole('heading', { level: 2, name: 'Faults' })).toBeFocused();
  });
});

// The console has light tokens only (no dark theme to check); 320 px is its narrowest layout.
test.describe('given every panel of the console at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('has no accessibility violation', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'ada');
    for (const panel of Object.keys(panels) as Panel[]) {
      await openConsole(page, panel);
      await expect(page.locator('main h2')).toHaveText(panels[panel]);
      await expectNoAxeViolations(page);
    }
  });
});
