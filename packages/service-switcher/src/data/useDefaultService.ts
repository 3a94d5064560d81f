import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import { DefaultServiceQueue, type DefaultServiceState } from './defaultService.ts';

/** The default service of the displayed products, with its serialised changes (SW-4.9–4.11). */
export function useDefaultService(
  client: SwitcherClient,
  initial: string | undefined,
  logger: SwitcherLogger,
): [DefaultServiceState, DefaultServiceQueue] {
  const [queue, setQueue] = useState(() => new DefaultServiceQueue({ client, initial, logger }));
  // A new product fetch (or client) starts from what the server said then.
  useEffect(() => {
    setQueue((q) =>
      q.state.current === initial && q.client === client
        ? q
        : new DefaultServiceQueue({ client, initial, logger }),
    );
  }, [client, initial, logger]);
  const state = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.state,
    () => queue.state,
  );
  return [state, queue];
}
