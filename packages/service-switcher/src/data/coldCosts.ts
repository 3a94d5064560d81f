import { PRODUCT_CACHE_KEY, type Storage } from './sessionStore.ts';
import { labelCollator } from '../model/collation.ts';
import type { Locale } from '../model/language.ts';

// What a page pays once, the first time a display needs it (issue 54, decision 1250): the
// label collator's data (7–24 ms in a fresh Chromium page) and the first read of the session's
// storage (1–14 ms). Paid when the page is idle, ahead of the first display, so that neither
// the first render nor the click pays it.

/** Creates the label collator of `locale` and reads `storage` once (a failure costs nothing). */
export function payColdCosts(locale: Locale, storage: Storage | undefined): void {
  labelCollator(locale);
  try {
    storage?.getItem(PRODUCT_CACHE_KEY);
  } catch {
    // Disabled storage: the display reads none either.
  }
}

/** Runs `task` once `view` is idle, at the latest after `timeoutMs`. */
export function whenIdle(view: Window, task: () => void, timeoutMs: number): void {
  if (typeof view.requestIdleCallback === 'function')
    view.requestIdleCallback(task, { timeout: timeoutMs });
  else view.setTimeout(task, timeoutMs);
}
