import { useDeferredValue, useState } from 'react';
import { chunk } from '../data/chunk.ts';
import type { Locale } from '../model/language.ts';
import type * as Search from '../model/search.ts';
import type { ServiceSearch } from '../model/search.ts';
import { useChunk } from './useChunk.ts';

/** The matching code: a chunk of its own, so a grid nobody searches does not load it up front. */
const searchCode = chunk<typeof Search>(() => import('../model/search.ts'));

/** The search of `locale`, once wanted (the field was focused or typed in). */
function useServiceSearch(locale: Locale, wanted: boolean): ServiceSearch | undefined {
  return useChunk(searchCode, wanted).code?.serviceSearch(locale);
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
