// Everything that turns a product answer into cards: reading it, its translations, the kept
// answer. A chunk of its own, loaded while the product request is under way, so that the grid's
// up-front JavaScript stays small (issue 13, decision 0845).
import { flushSync } from 'react-dom';
import { bundleSubtag, type Locale } from '../model/language.ts';
import { readProductData, type ProductData, type ProductGroup } from '../model/products.ts';
import { firstScreenAddresses, translateGroups, type Translations } from '../model/translations.ts';
import {
  browserBundleFetch,
  cachedTranslations,
  loadTranslations,
  type BundleFetch,
} from './bundles.ts';
import type { SwitcherLogger } from './client.ts';

export { readProductData } from '../model/products.ts';
export { firstScreenAddresses } from '../model/translations.ts';
export { browserBundleFetch, cachedTranslations, loadTranslations } from './bundles.ts';
export { ownerOf, readCachedAnswer, writeCachedAnswer } from './productCache.ts';

/**
 * The language of the registry's own texts (the spec's fallback language): its first screen is
 * drawn with them at once, and its bundles amend the cards when they arrive (decision 1002).
 */
const REGISTRY_LOCALE: Locale = 'en';
const NO_TEXTS: Translations = { products: new Map(), groups: new Map() };

/** The product data with every group and product label in the locale's texts. */
export const translate = (data: ProductData, texts: Translations, locale: Locale): ProductData => {
  const subtag = bundleSubtag(locale);
  return {
    ...data,
    userGroups: translateGroups(data.userGroups, texts, subtag),
    allGroups: translateGroups(data.allGroups, texts, subtag),
  };
};

/** Every group of the answer, whose bundles its texts come from. */
export const groupsOf = (data: ProductData): ProductGroup[] => [
  ...data.userGroups,
  ...data.allGroups,
];

/**
 * Runs `update` (state updates); `atOnce`, commits what it changed before returning: the first
 * cards of a display in the task their answer arrived in (decision 1290). Here, in the answer's
 * chunk, so that react-dom's `flushSync` costs nothing up front.
 */
export const commit = (atOnce: boolean, update: () => void): void =>
  atOnce ? flushSync(update) : update();

/** An answer read: its data, and its texts when they can be drawn at once. */
export interface ReadAnswer {
  readonly data: ProductData;
  /** The data in the locale's texts, complete or not; none until its bundles are read. */
  readonly shown?: { readonly data: ProductData; readonly complete: boolean };
}

/**
 * Reads an answer (throws `MalformedProductsError`) and, in the same render, its texts: the
 * cached bundles of `locale`, else the registry's own texts in English (decision 1002).
 */
export function readAnswer(
  answer: unknown,
  locale: Locale,
  storage: Storage | undefined,
  logger: SwitcherLogger,
): ReadAnswer {
  const data = readProductData(answer, (message, item) =>
    logger.warn(`[service-switcher] ${message}`, item),
  );
  const texts = cachedTranslations({ groups: groupsOf(data), locale, storage });
  if (texts) return { data, shown: { data: translate(data, texts, locale), complete: true } };
  if (locale === REGISTRY_LOCALE)
    return { data, shown: { data: translate(data, NO_TEXTS, locale), complete: false } };
  return { data };
}

/** What `readTexts` reads, and where it reports the first screen. */
export interface ReadTextsOptions {
  readonly data: ProductData;
  readonly locale: Locale;
  readonly fetchBundle: BundleFetch | undefined;
  readonly storage: Storage | undefined;
  readonly logger: SwitcherLogger;
  readonly base: string;
  /** The view shown first and how many cards its first screen shows. */
  readonly firstScreen: { readonly view: 'user' | 'all'; readonly cards: () => number } | undefined;
  /** The first screen's texts, once read, while the others are still under way. */
  readonly onFirstScreen: (data: ProductData) => void;
}

/**
 * The data in the locale's texts, once every bundle is read (the registry's texts where they
 * are unavailable). A language other than the registry's reads its first screen's bundles
 * first and reports them (decision 0911); the registry's is drawn already, and reads all at once.
 */
export async function readTexts({
  data,
  locale,
  fetchBundle,
  storage,
  logger,
  base,
  firstScreen: first,
  onFirstScreen,
}: ReadTextsOptions): Promise<ProductData> {
  try {
    const view = first?.view === 'all' ? data.allGroups : data.userGroups;
    const cards = first?.cards() ?? 0;
    const texts = await loadTranslations({
      groups: groupsOf(data),
      locale,
      fetchBundle: fetchBundle ?? browserBundleFetch,
      storage,
      logger,
      base,
      ...(first &&
        locale !== REGISTRY_LOCALE && {
          firstScreen: (read: Translations) => firstScreenAddresses(view, read, locale, cards),
          onFirstScreen: (read: Translations) => onFirstScreen(translate(data, read, locale)),
        }),
    });
    return translate(data, texts, locale);
  } catch (error) {
    logger.warn('[service-switcher] Translation bundles unavailable', error);
    return translate(data, NO_TEXTS, locale);
  }
}
