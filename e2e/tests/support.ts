import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const personas = {
  ada: 'Ada Admin',
  lee: 'Lee Locked',
  nia: 'Nia Newcomer',
  tia: 'Tia Trial',
} as const;

/** Signs in from the login page by choosing a persona, as a person would. */
export async function signIn(page: Page, persona: keyof typeof personas): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(personas[persona]) }).click();
  await page.waitForURL('**/demo/');
}

/** Runs axe-core on the page as it is now and expects no violation (WCAG 2.x A and AA). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** What a page does from now on: the origins it requests, and its console errors and exceptions. */
export function watchPage(page: Page): { origins: Set<string>; errors: string[] } {
  const origins = new Set<string>();
  const errors: string[] = [];
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { origins, errors };
}
