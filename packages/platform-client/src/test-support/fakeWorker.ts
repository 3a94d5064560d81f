import type { WorkerLike } from '../environment.ts';

/**
 * A time worker the test drives: it records what the client sends and answers only when the
 * test says so (`hello()`, `fire(id)`, `fail()`), so no real timer runs.
 */
export function fakeWorker() {
  const listeners: Record<'message' | 'error', ((event: { data?: unknown }) => void)[]> = {
    message: [],
    error: [],
  };
  const state = { sent: [] as unknown[], terminated: false };
  const worker: WorkerLike = {
    postMessage(message) {
      state.sent.push(message);
    },
    addEventListener(type, listener) {
      listeners[type].push(listener);
    },
    terminate() {
      state.terminated = true;
    },
  };
  const deliver = (type: 'message' | 'error', data?: unknown) => {
    for (const listener of listeners[type]) listener({ data });
  };
  return {
    worker,
    state,
    hello: () => deliver('message', { type: 'hello' }),
    fire: (id: unknown) => deliver('message', { type: 'fire', id }),
    message: (data: unknown) => deliver('message', data),
    fail: () => deliver('error'),
  };
}
