import { useEffect, useState } from 'react';
import type { Locale } from '../model/language.ts';
import type { ServiceSearch, serviceSearch } from '../model/search.ts';

let loaded: { readonly serviceSearch: typeof serviceSearch } | undefined;

/**
 * The search of `locale`, once wanted (the field was focused or typed in): the matching code
 * is a chunk of its own, so a grid nobody searches does not load it up front.
 */
export function useServiceSearch(locale: Locale, wanted: boolean): ServiceSearch | undefined {
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
