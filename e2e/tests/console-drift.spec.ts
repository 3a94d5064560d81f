import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { admin, openConsole } from './consoleSupport.ts';

test.describe('given the console’s Drift panel on an emulator that is not a proxy', () => {
  test('says how to start proxy mode, shows the empty summary, and has no serious accessibility violation', async ({
    page,
  }) => {
    await admin(page, 'DELETE', '/drift');
    await openConsole(page, 'drift');
    await expect(page.getByRole('heading', { level: 2, name: 'Drift' })).toBeVisible();
    await expect(page.getByText(/start it with --upstream URL/)).toBeVisible();
    await expect(page.getByText('0 operations seen: 0 conforming, 0 in drift.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
