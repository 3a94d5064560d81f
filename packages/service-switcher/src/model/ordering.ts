import type { Product, ProductGroup } from './products.ts';

/** The category that always sorts last (SW-2.14). */
export const COMMON_GROUP = 'common.group';

/**
 * Groups ordered by label with 'common.group' after all others, and each group's products
 * ordered by label, using the collation of the display language (SW-2.14).
 */
export function sortGroups(groups: readonly ProductGroup[], locale: string): ProductGroup[] {
  const collator = new Intl.Collator(locale.replace('_', '-'), {
    sensitivity: 'base',
    numeric: true,
  });
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
