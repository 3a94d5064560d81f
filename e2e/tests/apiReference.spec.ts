import { expect, test } from '@playwright/test';
import { watchPage } from './support.ts';

test.describe('given the API reference page of the emulator', () => {
  test('renders every operation of the document in Chromium, without console errors, loading nothing from another host', async ({
    page,
    baseURL,
  }) => {
    const { origins, errors } = watchPage(page);
    // One operation per declared endpoint (checked against the contract by routes/apiDocs.test.ts).
    const document = (await (await page.request.get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    // The page renders each summary's Markdown: a code span shows as its text.
    const summaries = Object.values(document.paths).flatMap((p) =>
      Object.values(p).map((o) => o.summary.replace(/`([^`]*)`/g, '$1')),
    );
    expect(summaries.length).toBeGreaterThan(100);
    await page.goto('/docs/api/');
    await expect(
      page.getByRole('heading', { name: /Intelligent Cloud Services platform API/ }),
    ).toBeVisible();
    await expect(page.locator('.opblock')).toHaveCount(summaries.length);
    const shown = await page.locator('.opblock-summary-description').allInnerTexts();
    expect(shown.toSorted()).toEqual(summaries.toSorted());
    expect(errors).toEqual([]);
    expect([...origins]).toEqual([new URL(baseURL ?? '').origin]);
  });
});
