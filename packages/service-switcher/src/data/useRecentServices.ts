import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import { RecentServices } from './recentServices.ts';

const none: readonly string[] = [];

/** The recently used services of this display (read once), and the store that records openings. */
export function useRecentServices(
  client: SwitcherClient,
  enabled: boolean,
  logger: SwitcherLogger,
  storage: Storage | undefined,
): [readonly string[], RecentServices | undefined] {
  const [recents] = useState(() =>
    enabled ? new RecentServices({ client, logger, storage }) : undefined,
  );
  useEffect(() => {
    void recents?.load();
  }, [recents]);
  const names = useSyncExternalStore(
    (listener) => recents?.subscribe(listener) ?? (() => {}),
    () => recents?.names ?? none,
    () => none,
  );
  return [names, recents];
}
