import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support.ts';
import { frameOf, openDialog } from './switcherSupport.ts';

// The axe check every spec uses runs once from the top frame (decision 1298): it must still find
// what is wrong inside the switcher's frame, or every dialog check would pass unread.
test.describe('given the axe check the specs use', () => {
  test('fails on an image without a text alternative inside the switcher’s frame, naming it', async ({
    page,
  }) => {
    await signIn(page, 'ada');
    await openDialog(page);
    await frameOf(page)
      .locator('body')
      .evaluate((body) => {
        const image = body.ownerDocument.createElement('img');
        image.id = 'unnamed-image';
        image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
        body.append(image);
      });
    const failure = await expectNoAxeViolations(page).then(
      () => 'no failure',
      (error: Error) => error.message,
    );
    expect(failure).toContain('image-alt');
    expect(failure).toContain('#unnamed-image');
  });
});
