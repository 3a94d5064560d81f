import { test } from '@playwright/test';
import { axeModes, expectDialogPassesAxe } from './axeModes.ts';
import { openDialog, signInAfresh } from './switcherSupport.ts';

// Three axe runs over the dialog each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

for (const { name, prepare } of axeModes) {
  test(`axe finds nothing in the dialog in ${name}: cards with a default set and its message, All Services, a search`, async ({
    page,
  }) => {
    await signInAfresh(page, 'ada');
    await prepare(page);
    await expectDialogPassesAxe(page, await openDialog(page));
  });
}
