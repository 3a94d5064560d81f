import type { PlatformEnvironment, WorkerLike } from '../environment.ts';

/** One-shot timers, from the time worker or the page. */
export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** 'worker' once the time worker answered the handshake, else 'page'. */
  readonly kind: 'worker' | 'page';
  stop(): void;
}

/**
 * Timers that run in the time worker once it confirmed the handshake (PC-9.11), and the
 * page's timers before that, or for good when no worker can start, it fails, or it does not
 * answer within `handshakeMs` (default 2000). Timers only wake the client: every decision is
 * made from wall-clock differences, so a late or throttled timer can never extend a session.
 */
export function createTimers(
  environment: PlatformEnvironment,
  options: { handshakeMs?: number } = {},
): Timers {
  let worker: WorkerLike | undefined;
  try {
    worker = environment.createWorker?.();
  } catch {
    // blocked (CSP worker-src): page timers
  }
  let ready = false;
  let nextId = 1;
  const pending = new Map<number, () => void>();
  const giveUp = () => {
    ready = false;
    worker?.terminate();
    worker = undefined;
    // Timers already handed to the worker move to the page, firing at once is safe: the
    // callbacks re-check the clock.
    for (const [id, callback] of pending) {
      pending.delete(id);
      environment.setTimeout(callback, 0);
    }
  };
  if (worker) {
    const handshake = environment.setTimeout(giveUp, options.handshakeMs ?? 2000);
    worker.addEventListener('message', (event) => {
      const data = event.data as { type?: unknown; id?: unknown } | undefined;
      if (data?.type === 'hello') {
        environment.clearTimeout(handshake);
        ready = true;
      } else if (data?.type === 'fire') {
        // an id that is not a number matches no timer
        const id = data.id as number;
        const callback = pending.get(id);
        pending.delete(id);
        callback?.();
      }
    });
    worker.addEventListener('error', () => {
      environment.clearTimeout(handshake);
      giveUp();
    });
    try {
      worker.postMessage({ type: 'hello' });
    } catch {
      environment.clearTimeout(handshake);
      giveUp();
    }
  }
  return {
    get kind() {
      return ready ? 'worker' : 'page';
    },
    set(callback, ms) {
      if (ready && worker) {
        const id = nextId++;
        pending.set(id, callback);
        worker.postMessage({ type: 'set', id, ms });
        return { worker: id };
      }
      return { page: environment.setTimeout(callback, ms) };
    },
    clear(handle) {
      const h = handle as { worker?: number; page?: unknown } | undefined;
      if (h?.worker !== undefined) {
        pending.delete(h.worker);
        worker?.postMessage({ type: 'clear', id: h.worker });
      } else if (h && 'page' in h) environment.clearTimeout(h.page);
    },
    stop() {
      pending.clear();
      worker?.terminate();
      worker = undefined;
      ready = false;
    },
  };
}
