import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import type { RecentServices } from './recentServices.ts';

const none: readonly string[] = [];
const nothing = () => () => {};

/**
 * The recently used services of this display (read once), and the store that records
 * openings. The store is a chunk of its own, loaded after the first paint: the row appears
 * when the preference has been read, never before the cards.
 */
export function useRecentServices(
  client: SwitcherClient,
  enabled: boolean,
  logger: SwitcherLogger,
  storage: Storage | undefined,
): [readonly string[], RecentServices | undefined] {
  const [recents, setRecents] = useState<RecentServices>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void import('./recentServices.ts').then(({ RecentServices }) => {
      if (!live) return;
      const store = new RecentServices({ client, logger, storage });
      setRecents(store);
      void store.load();
    });
    return () => {
      live = false;
    };
  }, [enabled, client, logger, storage]);
  const names = useSyncExternalStore(
    recents ? (listener) => recents.subscribe(listener) : nothing,
    () => recents?.names ?? none,
    () => none,
  );
  return [names, recents];
}
