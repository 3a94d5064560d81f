import { labelCollator } from './collation.ts';
import type { Product, ProductGroup } from './products.ts';

/** The category that always sorts last (SW-2.14). */
export const COMMON_GROUP = 'common.group';

/**
 * Groups ordered by label with 'common.group' after all others, and each group's products
 * ordered by label, using the collation of the display language (SW-2.14).
 */
export function sortGroups(groups: readonly ProductGroup[], locale: string): ProductGroup[] {
  const collator = labelCollator(locale);
  const byLabel = (a: { label: string }, b: { label: string }) =>
    collator.compare(a.label, b.label);
  return [...groups]
    .sort(
      (a, b) =>
        Number(a.uniqueName === COMMON_GROUP) - Number(b.uniqueName === COMMON_GROUP) ||
        byLabel(a, b),
    )
    .map((group) => ({ ...group, products: [...group.products].sort(byLabel) }));
}

/** 'My Services': the user's products flattened into one list, in category order (SW-2.10). */
export function flatten(groups: readonly ProductGroup[]): Product[] {
  return groups.flatMap((group) => group.products);
}

/**
 * Cards drawn in the first render of an answer (decision 0860): as many as a window of `height`
 * CSS px can show (three to a row, a row at least 120 px tall), and a row more. Generous on
 * purpose: drawing a few cards too many costs little, too few shows a gap.
 */
export const cardsDrawnFirst = (height: number) => 3 * (Math.ceil(height / 120) + 1);

/**
 * The first `count` cards of each view, in order, for the first screens (decision 0860): 'My
 * Services' cut after `count` products; the groups of 'All Services' kept while they fit, the
 * last one cut, the rest left out. The same object when both views fit.
 */
export function firstCards<
  T extends { readonly user: readonly Product[]; readonly all: readonly ProductGroup[] },
>(views: T, count: number): T {
  const allCount = views.all.reduce((n, group) => n + group.products.length, 0);
  if (views.user.length <= count && allCount <= count) return views;
  const all: ProductGroup[] = [];
  let left = count;
  for (const group of views.all) {
    if (left <= 0) break;
    all.push({ ...group, products: group.products.slice(0, left) });
    left -= group.products.length;
  }
  return { ...views, user: views.user.slice(0, count), all };
}
