import { useEffect, useMemo } from 'react';
import { cardModels } from '../model/cards.ts';
import type { Locale } from '../model/language.ts';
import { flatten, sortGroups } from '../model/ordering.ts';
import type { Product, ProductData } from '../model/products.ts';
import type { ServiceSearch } from '../model/search.ts';

/**
 * The products of an answer as the views show them: sorted, with their cards' models; what the
 * search for `prepared` (a prepared query, '' for none) leaves of them; and the recently used
 * services the user can still open (none while searching).
 */
export function useShownProducts(
  data: ProductData,
  locale: Locale,
  search: ServiceSearch | undefined,
  prepared: string,
  recentNames: readonly string[],
) {
  const sorted = useMemo(() => {
    const user = flatten(sortGroups(data.userGroups, locale));
    const all = sortGroups(data.allGroups, locale);
    const access = {
      userProducts: new Set(user.map((p) => p.uniqueName)),
      licensedProducts: data.licensedProducts,
    };
    // Safe URLs, variants and stars once per card and answer, as the cards are first drawn.
    const cards = cardModels(access, document.baseURI);
    return { user, all, cards };
  }, [data, locale]);

  // What the search leaves.
  const shown = useMemo(() => {
    if (!search || prepared === '') return sorted;
    const matches = (p: Product) => search.matches(p, prepared);
    return {
      ...sorted,
      user: sorted.user.filter(matches),
      all: sorted.all
        .map((group) => ({ ...group, products: group.products.filter(matches) }))
        .filter((group) => group.products.length > 0),
    };
  }, [sorted, search, prepared]);
  // Once the search is loaded (the field has focus), fold every product while the user has
  // not typed yet, so that no keystroke pays for it.
  useEffect(() => {
    if (!search) return;
    const timer = setTimeout(() => {
      search.index(sorted.user);
      for (const group of sorted.all) search.index(group.products);
    });
    return () => clearTimeout(timer);
  }, [search, sorted]);
  const searching = prepared !== '';
  const recent = useMemo(
    () =>
      searching
        ? []
        : // Only services the user can still open; others are dropped (model/recents.ts).
          recentNames.flatMap((name) => sorted.user.find((p) => p.uniqueName === name) ?? []),
    [sorted, searching, recentNames],
  );
  return { sorted, shown, recent };
}
