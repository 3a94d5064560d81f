import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export const personas = {
  ada: 'Ada Admin',
  lee: 'Lee Locked',
  nia: 'Nia Newcomer',
  tia: 'Tia Trial',
} as const;

/**
 * Signs a persona in with the requests the login page's button sends (the page's login token,
 * then the form), in the page's own cookie jar, without opening the page: the page itself and
 * its button are skeleton.spec.ts's. The page is left where it was.
 */
export async function signInByRequest(page: Page, persona: keyof typeof personas): Promise<void> {
  const form = await page.request.get('/identity-service/home');
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const login = await page.request.post('/identity-service/login', {
    form: { persona: `usr-${persona}-0000001`, xsrf },
    maxRedirects: 0,
  });
  expect(login.status(), `sign-in as ${personas[persona]}`).toBe(303);
}

/** Signs a persona in (`signInByRequest`), then opens the demo, where sign-in leads. */
export async function signIn(page: Page, persona: keyof typeof personas): Promise<void> {
  await signInByRequest(page, persona);
  await page.goto('/demo/');
}

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core on the page as it is now, its frames included, and expects no violation (WCAG
 * 2.x A and AA). One `axe.run` from the top frame reaches every same-origin frame, and every frame
 * of these pages is on the page's origin (checked first, so a frame from elsewhere fails here
 * instead of going untested). axe is put into a document once, not at each analysis, and only
 * violations are collected (decision 1300).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const elsewhere = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && !url.startsWith('about:srcdoc'))
    .filter((url) => new URL(url).origin !== origin);
  expect(elsewhere, 'frames axe could not reach from the page').toEqual([]);
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    resultTypes: ['violations'],
    iframes: true,
  };
  const results = await page.evaluate(
    (options) =>
      (
        window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }
      ).axe.run(document, options),
    options,
  );
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
