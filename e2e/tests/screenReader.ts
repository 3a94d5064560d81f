import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Virtual } from '@guidepup/virtual-screen-reader';
import { expect, type Frame, type Page } from '@playwright/test';

/**
 * The Virtual Screen Reader (@guidepup/virtual-screen-reader) as a script for a page: its
 * browser bundle (an ES module without imports) with its export turned into a global
 * (`__reader`), so that it
 * runs inside the document it reads: the dialog's frame has a document of its own, which a
 * reader started in the host page would not see.
 */
const readerScript = (() => {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('@guidepup/virtual-screen-reader/browser.js'),
    'utf8',
  );
  const exports = [...bundle.matchAll(/export\s*\{([^}]*)\}/g)].at(-1);
  const local = /([\w$]+)\s+as\s+virtual\b/.exec(exports?.[1] ?? '')?.[1];
  if (!exports || !local) throw new Error('The reader bundle no longer exports `virtual`');
  return bundle.replace(exports[0], `window.__reader = ${local};`);
})();

declare global {
  interface Window {
    __reader: Virtual;
    /** What the live regions of the document said, recorded by a MutationObserver. */
    __live: string[];
  }
}

/** The reader in one document (the host page, or the dialog's frame). */
export interface Reader {
  /** The phrases it has spoken since it started or was last cleared. */
  heard(): Promise<string[]>;
  /** The phrase it spoke last. */
  last(): Promise<string>;
  /** Forgets what it has said so far. */
  clear(): Promise<void>;
  /** Moves to the next item, as a reader's "next" command does, and returns what it said. */
  next(): Promise<string>;
  /** The text each live region of the document had after each change, in order. */
  live(): Promise<string[]>;
}

/**
 * Starts the reader in `frame`'s document, following focus there, and a recorder of its live
 * regions. The reader announces live regions from the nodes added to them; a region whose
 * text changes in place is missed by it (a known limit), so the recorder keeps every text a
 * region has had, which is what Chromium would hand a screen reader.
 */
export async function startReader(frame: Frame): Promise<Reader> {
  // Evaluated, not added as a <script>: the page's Content-Security-Policy allows no inline
  // script, and the test must not turn it off.
  await frame.evaluate(`(() => {${readerScript}\n})()`);
  await frame.evaluate(async () => {
    window.__live = [];
    const regions = '[role="status"], [role="alert"], [aria-live]';
    new MutationObserver((records) => {
      const changed = new Set<Element>();
      for (const record of records) {
        const node = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = node?.closest(regions);
        if (region) changed.add(region);
        // A region added whole (an alert put in the page) is said too, as Chromium says it.
        for (const added of record.addedNodes)
          if (added instanceof Element)
            for (const inner of [added, ...added.querySelectorAll(regions)])
              if (inner.matches(regions)) changed.add(inner);
      }
      for (const region of changed) {
        const text = region.textContent?.trim() ?? '';
        if (text) window.__live.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    await window.__reader.start({ container: document.body });
  });
  return {
    heard: () => frame.evaluate(() => window.__reader.spokenPhraseLog()),
    last: () => frame.evaluate(() => window.__reader.lastSpokenPhrase()),
    clear: () => frame.evaluate(() => window.__reader.clearSpokenPhraseLog()),
    next: () =>
      frame.evaluate(async () => {
        await window.__reader.next();
        return window.__reader.lastSpokenPhrase();
      }),
    live: () => frame.evaluate(() => window.__live),
  };
}

/**
 * The dialog's frame, once its content is ready. The frame may come a moment after the click: a
 * host such as the standalone element loads its React part then, when its idle preparation has
 * not run yet.
 */
export async function dialogFrame(page: Page): Promise<Frame> {
  await expect(
    page
      .frameLocator('iframe[name="app-switcher-dialog"]')
      .locator('.ics-dialog__layout[data-ready]'),
  ).toBeAttached();
  const frame = page.frame({ name: 'app-switcher-dialog' });
  expect(frame).not.toBeNull();
  return frame as Frame;
}

/** Opens the dialog from the host's Services button and starts the reader in its frame. */
export async function openAndListen(page: Page): Promise<Reader> {
  await page.getByRole('button', { name: 'Services', exact: true }).click();
  return startReader(await dialogFrame(page));
}

/**
 * The first 20 phrases heard as the dialog opens (a heading, the title, Close, the search, My
 * Services, the cards as a list), checked; returned for more checks.
 */
export async function expectOpeningHeard(reader: Reader): Promise<string[]> {
  const walk: string[] = [];
  for (let i = 0; i < 20; i++) walk.push(await reader.next());
  expect(walk.slice(0, 5)).toEqual([
    'heading, Intelligent Cloud Services, level 1',
    'paragraph',
    'Services',
    'end of paragraph',
    'button, Close Dialog',
  ]);
  expect(walk).toContain('searchbox, Search services, placeholder Search services');
  expect(walk).toContain('heading, My Services, level 2');
  expect(walk).toContain('listitem, level 1, position 1, set size 22');
  return walk;
}

/** Presses Tab until `phrase` is said for the focused element (at most `limit` times). */
export async function tabTo(page: Page, reader: Reader, phrase: string | RegExp, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await reader.clear();
    await page.keyboard.press('Tab');
    const said = await reader.last();
    if (typeof phrase === 'string' ? said === phrase : phrase.test(said)) return;
  }
  throw new Error(`Tab never reached ${String(phrase)}`);
}

/** Waits until the reader has said `phrase` (a string or pattern) among what it heard. */
export async function expectHeard(reader: Reader, phrase: string | RegExp): Promise<void> {
  await expect
    .poll(
      async () =>
        (await reader.heard()).some((p) =>
          typeof phrase === 'string' ? p === phrase : phrase.test(p),
        ),
      {
        message: `the reader says ${String(phrase)}`,
      },
    )
    .toBe(true);
}
