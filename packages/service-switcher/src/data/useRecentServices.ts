import { useEffect, useState, useSyncExternalStore } from 'react';
import { chunk } from './chunk.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import type * as Recents from './recentServices.ts';
import type { RecentServices } from './recentServices.ts';

/** The store of recently used services: a chunk of its own, loaded after the first paint. */
export const recentsCode = chunk<typeof Recents>(() => import('./recentServices.ts'));

const none: readonly string[] = [];
const nothing = () => () => {};

/**
 * The recently used services of this display (read when it is drawn, and again on each of the
 * kept dialog's `reopens`, decision 1165), and the store that records openings. The store is a
 * chunk of its own, loaded after the first paint: the row appears when the preference has been
 * read, never before the cards.
 */
export function useRecentServices(
  client: SwitcherClient,
  enabled: boolean,
  logger: SwitcherLogger,
  storage: Storage | undefined,
  reopens: number,
): [readonly string[], RecentServices | undefined] {
  const [recents, setRecents] = useState<RecentServices>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    recentsCode.load().then(
      ({ RecentServices }) => {
        if (!live) return;
        const store = new RecentServices({ client, logger, storage });
        setRecents(store);
        void store.load();
      },
      () => {}, // reported page-wide (codeFailures): the row does not appear
    );
    return () => {
      live = false;
    };
  }, [enabled, client, logger, storage]);
  useEffect(() => {
    if (reopens > 0) void recents?.load();
  }, [recents, reopens]);
  const names = useSyncExternalStore(
    recents ? (listener) => recents.subscribe(listener) : nothing,
    () => recents?.names ?? none,
    () => none,
  );
  return [names, recents];
}
