import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { SwitcherClient, SwitcherLogger } from './client.ts';
import { DefaultServiceQueue, type DefaultServiceState } from './defaultService.ts';

/** The default service of the displayed products, with its serialised changes (SW-4.9–4.11). */
export function useDefaultService(
  client: SwitcherClient,
  initial: string | undefined,
  logger: SwitcherLogger,
): [DefaultServiceState, DefaultServiceQueue] {
  const create = () => ({ client, queue: new DefaultServiceQueue({ client, initial, logger }) });
  const [holder, setHolder] = useState(create);
  let { queue } = holder;
  // Another client starts from what the server said then; derived during render so that the
  // first painted cards already show it.
  if (holder.client !== client) {
    const next = create();
    setHolder(next);
    queue = next.queue;
  }
  // A new product answer (a reopen's revalidation) keeps the queue, its calls and its message:
  // the queue decides whether the answer's default is newer than the user's last press. Before
  // the answer is painted.
  useLayoutEffect(() => queue.answered(initial), [queue, initial]);
  const state = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.state,
    () => queue.state,
  );
  return [state, queue];
}
