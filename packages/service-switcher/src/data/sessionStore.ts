// What every display needs up front about the session's storage; reading and writing the
// kept answer (productCache.ts) loads with the product answer's code.

/** Session-storage key of the last product answer, kept with the bundles (issue 13). */
export const PRODUCT_CACHE_KEY = 'ics-switcher.products';

/** Session-storage keys of the bundle cache (SW-3.8). */
export const BUNDLE_CACHE_KEYS = {
  products: 'ics-switcher.productBundles',
  groups: 'ics-switcher.groupBundles',
  locale: 'ics-switcher.locale',
  /** The addresses that failed for the locale: not asked again in the session. */
  missing: 'ics-switcher.missingBundles',
} as const;

/** The storage methods the switcher uses. */
export type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Drops the kept answer: on logout, and when the server refused the session (401). */
export function forgetCachedAnswer(storage: Storage | undefined): void {
  try {
    storage?.removeItem(PRODUCT_CACHE_KEY);
  } catch {
    // Nothing kept where nothing can be stored.
  }
}

/** The session's storage, or none where it is missing or disabled. */
export function sessionStorageOrNone(): globalThis.Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
