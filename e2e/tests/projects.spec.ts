import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';

test.describe('given the demo’s "My projects" panel (TanStack Query options of the client)', () => {
  test('adding a project re-reads the list once, and the new project shows', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && pathname.endsWith('/Projects')) reads.push(pathname);
    });
    await signIn(page, 'ada');
    const panel = page.getByRole('region', { name: 'My projects' });
    // Settled: the list, or the empty message (the first read may answer before any check).
    await expect(
      panel.getByRole('list', { name: 'Projects' }).or(panel.getByText('No projects yet.')),
    ).toBeVisible();
    await expect(panel.getByText('Loading projects…')).toBeHidden();
    expect(reads).toHaveLength(1);

    const name = `Panel project ${Date.now()}`;
    await panel.getByLabel('New project').fill(name);
    await panel.getByRole('button', { name: 'Add project' }).click();
    await expect(panel.getByRole('list', { name: 'Projects' }).getByText(name)).toBeVisible();
    await expect(panel.getByLabel('New project')).toHaveValue('');
    expect(reads).toHaveLength(2);
    await expectNoAxeViolations(page);
  });
});
