import { bundleSubtag, type Locale } from '../model/language.ts';
import type { ProductGroup } from '../model/products.ts';
import { safeHttpUrl } from '../model/safeUrl.ts';
import {
  bundleAddress,
  readGroupBundle,
  readProductBundle,
  type GroupTexts,
  type ProductTexts,
  type Translations,
} from '../model/translations.ts';
import type { SwitcherLogger } from './client.ts';
import { BUNDLE_CACHE_KEYS } from './sessionStore.ts';

/** Fetches and parses one translation file; rejects on any failure. */
export type BundleFetch = (url: string) => Promise<unknown>;

/** The browser's fetch, with the session's cookies, refusing anything but a 2xx JSON answer. */
export const browserBundleFetch: BundleFetch = async (url) => {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  return response.json();
};

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readCache<T>(storage: Storage | undefined, key: string): Record<string, T> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, T>)
      : {};
  } catch {
    return {};
  }
}
function writeCache(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs a refetch next time.
  }
}

export interface LoadTranslationsOptions {
  readonly groups: readonly ProductGroup[];
  readonly locale: Locale;
  readonly fetchBundle: BundleFetch;
  /** Default `sessionStorage` when there is one. */
  readonly storage: Storage | undefined;
  readonly logger: SwitcherLogger;
  /** The page's address, against which relative bundle paths resolve. */
  readonly base: string;
  /** Bundle requests at a time; default all at once. */
  readonly concurrency?: number;
  /**
   * The addresses the first screen waits for, from the texts read so far
   * (`firstScreenAddresses`): requested first, in that order.
   */
  readonly firstScreen?: (texts: Translations) => readonly string[];
  /**
   * Called once, with the texts read so far, when every address `firstScreen` names has
   * answered (or failed) while others are still under way: the first screen can be drawn.
   */
  readonly onFirstScreen?: (texts: Translations) => void;
}

/**
 * Requests per fetch function and address, kept from the first request until the reader that
 * made it has stored the answers: a second reader waits for the first, or takes what it has
 * read and not stored yet (a display that opens while the preparation is still reading).
 */
const underWay = new WeakMap<BundleFetch, Map<string, Promise<unknown>>>();
function fetchOnce(fetchBundle: BundleFetch, url: string, made: Set<string>): Promise<unknown> {
  let requests = underWay.get(fetchBundle);
  if (!requests) underWay.set(fetchBundle, (requests = new Map()));
  const known = requests.get(url);
  if (known) return known;
  const request = fetchBundle(url);
  requests.set(url, request);
  made.add(url);
  return request;
}
/** Forgets the requests a reader made, once it has stored their answers. */
function forget(fetchBundle: BundleFetch, made: ReadonlySet<string>): void {
  const requests = underWay.get(fetchBundle);
  for (const url of made) requests?.delete(url);
}

/** The cached texts of the locale and the bundle addresses still missing from them. */
function plan(options: Pick<LoadTranslationsOptions, 'groups' | 'locale' | 'storage'>) {
  const { storage, locale } = options;
  const subtag = bundleSubtag(locale);
  const sameLocale = storage?.getItem(BUNDLE_CACHE_KEYS.locale) === locale;
  const products = sameLocale ? readCache<ProductTexts>(storage, BUNDLE_CACHE_KEYS.products) : {};
  const groups = sameLocale ? readCache<GroupTexts>(storage, BUNDLE_CACHE_KEYS.groups) : {};
  const failed = sameLocale ? readCache<true>(storage, BUNDLE_CACHE_KEYS.missing) : {};
  const wanted = new Map<string, 'product' | 'group'>();
  for (const group of options.groups) {
    if (group.localeResourceUrl)
      wanted.set(bundleAddress(group.localeResourceUrl, subtag), 'group');
    for (const product of group.products)
      if (product.localeResourceUrl)
        wanted.set(bundleAddress(product.localeResourceUrl, subtag), 'product');
  }
  const missing = [...wanted].filter(
    ([address, kind]) =>
      !Object.hasOwn(failed, address) &&
      (kind === 'group' ? !Object.hasOwn(groups, address) : !Object.hasOwn(products, address)),
  );
  return { products, groups, failed, missing };
}

const translations = (products: object, groups: object): Translations => ({
  products: new Map(Object.entries(products)),
  groups: new Map(Object.entries(groups)),
});

/**
 * The translations when every bundle the groups need is in the cache, read synchronously so
 * that cards are drawn with their texts in the frame their data arrives; else `undefined`.
 */
export function cachedTranslations(
  options: Pick<LoadTranslationsOptions, 'groups' | 'locale' | 'storage'>,
): Translations | undefined {
  try {
    const { products, groups, missing } = plan(options);
    return missing.length === 0 ? translations(products, groups) : undefined;
  } catch {
    return undefined; // storage refused to be read: the bundles are loaded as usual
  }
}

/**
 * Translations of every group and product bundle (SW-7.2): one request per distinct address,
 * in parallel (at most `concurrency` at a time), a request under way shared with any other
 * reader, answers kept in session storage with the locale (SW-3.8) and fetched again
 * when the locale changes (SW-4.13). A product bundle that fails or is malformed is ignored
 * silently (the registry's labels stay); a group bundle's failure is logged. A failed address
 * is kept with the locale too, and not asked for again in the session.
 */
export async function loadTranslations(options: LoadTranslationsOptions): Promise<Translations> {
  const { storage, locale } = options;
  const { products, groups, failed, missing } = plan(options);
  const unanswered = new Set(missing.map(([address]) => address));
  // The first screen's addresses still unanswered, from the texts read so far; read first.
  const firstScreen = () =>
    (options.firstScreen?.(translations(products, groups)) ?? []).filter((address) =>
      unanswered.has(address),
    );
  const queue = [...missing];
  const made = new Set<string>();
  const putFirst = (addresses: readonly string[]) => {
    const rank = new Map(addresses.map((address, index) => [address, index]));
    const at = ([address]: [string, unknown]) => rank.get(address) ?? addresses.length;
    queue.sort((a, b) => at(a) - at(b));
  };
  let waiting = firstScreen();
  putFirst(waiting);
  // With a first screen to draw, the other bundles wait until it is (issue 36): they would
  // take connections from the first screen's bundles and its cards' images.
  let others = !options.onFirstScreen;
  const firstScreenAnswered = () => {
    if (!options.onFirstScreen || unanswered.size === 0) return;
    // The order of the groups may change with the texts just read: ask again.
    waiting = firstScreen();
    putFirst(waiting);
    if (waiting.length > 0) return;
    others = true;
    options.onFirstScreen(translations(products, groups));
  };
  if (waiting.length === 0) firstScreenAnswered();
  // Idle lanes wait for a change: a bundle answered, the first screen's list grew or was drawn.
  let changed = () => {};
  let change = new Promise<void>((resolve) => (changed = resolve));
  const notify = () => {
    const wake = changed;
    change = new Promise<void>((resolve) => (changed = resolve));
    wake();
  };
  const read = async ([address, kind]: [string, 'product' | 'group']) => {
    const url = safeHttpUrl(address, options.base);
    try {
      if (!url) throw new Error(`'${address}' is not an http(s) address`);
      const bundle = await fetchOnce(options.fetchBundle, url, made);
      const texts = kind === 'group' ? readGroupBundle(bundle) : readProductBundle(bundle);
      if (!texts) throw new Error(`${address} has no ${kind} texts`);
      if (kind === 'group') groups[address] = texts;
      else products[address] = texts;
    } catch (error) {
      // Asked once a session: a bundle that does not exist is not asked for (nor logged) again.
      failed[address] = true;
      if (kind === 'group')
        options.logger.warn(
          `[service-switcher] The group translation bundle ${address} failed; using the registry label.`,
          error,
        );
    }
    unanswered.delete(address);
    if (waiting.includes(address) && waiting.every((a) => !unanswered.has(a)))
      firstScreenAnswered();
    notify();
  };
  // Each lane reads the next bundle of the queue when its last one has answered: the first
  // screen's first, the others once it has been drawn.
  const lanes = Math.min(options.concurrency ?? queue.length, queue.length);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length > 0) {
        const index = others ? 0 : queue.findIndex(([address]) => waiting.includes(address));
        if (index === -1) await change;
        else await read(queue.splice(index, 1)[0] as [string, 'product' | 'group']);
      }
    }),
  );
  writeCache(storage, BUNDLE_CACHE_KEYS.locale, locale);
  writeCache(storage, BUNDLE_CACHE_KEYS.products, products);
  writeCache(storage, BUNDLE_CACHE_KEYS.groups, groups);
  writeCache(storage, BUNDLE_CACHE_KEYS.missing, failed);
  forget(options.fetchBundle, made);
  return translations(products, groups);
}
