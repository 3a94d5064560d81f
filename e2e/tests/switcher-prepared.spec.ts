import { expect, test, type Page } from '@playwright/test';
import { cardsSinceWatch, closedDialogCards, watchCards } from '../preparedDialog.ts';
import { signIn } from './support.ts';
import { openDialog } from './switcherSupport.ts';

/** Ada's services, as the seed gives them (skeleton.spec.ts counts the same 22). */
const ADA_CARDS = 22;

// The idle page or the pointer on Services prepares the dialog, whichever comes first.
for (const [how, prepare] of [
  ['once the page is idle', async () => {}],
  [
    'with the pointer on Services',
    async (page: Page) => page.getByRole('button', { name: 'Services', exact: true }).hover(),
  ],
] as const) {
  test(`a dialog prepared ${how} holds every card while closed and not rendered, and its open adds or replaces none`, async ({
    page,
  }) => {
    await page.request.delete('/__emulator/faults');
    await signIn(page, 'ada');
    await page.goto('about:blank'); // the sign-in's page may be preparing: leave it first
    await page.goto('/demo/');
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
    await prepare(page);
    // The first two rows come first (decision 1168), the rest of the first screen and then
    // every card in the frames after: all of them while the dialog is closed, its frame not
    // rendered (decision 1183).
    await expect.poll(() => page.evaluate(closedDialogCards)).toBe(ADA_CARDS);
    await page.evaluate(watchCards);
    const frame = await openDialog(page);
    await expect(frame.locator('.ics-card').first()).toBeVisible();
    const inFrame = page.frame({ name: 'app-switcher-dialog' });
    expect(await inFrame?.evaluate(cardsSinceWatch)).toEqual({ added: 0, same: true });
  });
}
