// Everything that turns a product answer into cards: reading it, its translations, the kept
// answer. A chunk of its own, loaded while the product request is under way, so that the grid's
// up-front JavaScript stays small (issue 13, decision 0845).
import { bundleSubtag, type Locale } from '../model/language.ts';
import type { ProductData, ProductGroup } from '../model/products.ts';
import { translateGroups, type Translations } from '../model/translations.ts';

export { readProductData } from '../model/products.ts';
export { firstScreenAddresses } from '../model/translations.ts';
export { browserBundleFetch, cachedTranslations, loadTranslations } from './bundles.ts';
export { readCachedAnswer, writeCachedAnswer } from './productCache.ts';

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
