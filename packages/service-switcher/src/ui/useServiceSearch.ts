import { useDeferredValue, useEffect, useState } from 'react';
import type { Locale } from '../model/language.ts';
import type { ServiceSearch, serviceSearch } from '../model/search.ts';

let loaded: { readonly serviceSearch: typeof serviceSearch } | undefined;

/**
 * The search of `locale`, once wanted (the field was focused or typed in): the matching code
 * is a chunk of its own, so a grid nobody searches does not load it up front.
 */
function useServiceSearch(locale: Locale, wanted: boolean): ServiceSearch | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void import('../model/search.ts').then((m) => {
      loaded = m;
      if (live) setModule(m);
    });
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module?.serviceSearch(locale);
}

/**
 * The search field's state: the query as typed, the query the grid shows (deferred: typing
 * stays immediate, the grid follows as soon as React has time), the search once wanted, and the
 * shown query prepared for it ('' when there is nothing to search for).
 */
export function useSearchQuery(locale: Locale, enabled: boolean) {
  const [query, setQuery] = useState('');
  const shownQuery = useDeferredValue(enabled ? query : '');
  const [wanted, setWanted] = useState(false);
  const search = useServiceSearch(locale, enabled && (wanted || query !== ''));
  const prepared = search?.prepare(shownQuery) ?? '';
  return { query, setQuery, shownQuery, search, prepared, want: () => setWanted(true) };
}
