import type { ChannelLike, PlatformEnvironment } from '../environment.ts';

/** A message between the tabs of one origin. */
export type TabMessage =
  | {
      readonly type: 'token';
      readonly jwt: string;
      readonly remainingMs: number;
      readonly iat: number;
    }
  | { readonly type: 'token-query' }
  | { readonly type: 'activity'; readonly at: number }
  | { readonly type: 'ping'; readonly at: number }
  | { readonly type: 'logout' };

const CHANNEL_NAME = 'ics-platform-session';

/**
 * The tabs of one origin: a BroadcastChannel for news and a lock for work only one tab may
 * do at a time. Without Web Locks, the lock is a tab-local mutex after a random delay of up
 * to `fallbackJitterMs`, and callers re-read what the other tabs broadcast once they hold it
 * (docs/decisions/0301-cross-tab-session.md). Without a channel, the tab is on its own.
 */
export class TabBus {
  readonly #environment: PlatformEnvironment;
  readonly #channel: ChannelLike | undefined;
  readonly #listeners = new Set<(message: TabMessage) => void>();
  readonly #localLocks = new Map<string, Promise<unknown>>();
  readonly #fallbackJitterMs: number;

  /** @param options.fallbackJitterMs most random delay before the fallback lock; default 250 */
  constructor(environment: PlatformEnvironment, options: { fallbackJitterMs?: number } = {}) {
    this.#environment = environment;
    this.#fallbackJitterMs = options.fallbackJitterMs ?? 250;
    let channel: ChannelLike | undefined;
    try {
      channel = environment.openChannel?.(CHANNEL_NAME);
    } catch {
      // no channel (a sandboxed frame): the tab is on its own
    }
    this.#channel = channel;
    channel?.addEventListener('message', (event) => {
      const message = parseMessage(event.data);
      if (message) for (const listener of [...this.#listeners]) listener(message);
    });
  }

  /** Sends a message to every other tab (a tab does not hear its own messages). */
  post(message: TabMessage): void {
    try {
      this.#channel?.postMessage(message);
    } catch {
      // a closed channel: the other tabs will learn by their own timers
    }
  }

  /** Listens to the other tabs; returns how to stop. */
  subscribe(listener: (message: TabMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Runs `work` while holding the named lock across tabs (Web Locks) and within this tab. */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
    const locks = this.#environment.locks;
    const local = () => {
      const previous = this.#localLocks.get(name) ?? Promise.resolve();
      const run = previous.then(work, work);
      this.#localLocks.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    };
    if (locks) return locks.request(`ics-platform:${name}`, work);
    if (!this.#channel) return local();
    const jitter = Math.floor(
      ((this.#environment.getRandomValues(new Uint8Array(1))[0] ?? 0) / 256) *
        this.#fallbackJitterMs,
    );
    return new Promise<void>((resolve) => this.#environment.setTimeout(resolve, jitter)).then(
      local,
    );
  }

  close(): void {
    this.#listeners.clear();
    this.#channel?.close();
  }
}

/** Only well-formed messages get through: the channel is the origin's, but tabs may differ in version. */
function parseMessage(data: unknown): TabMessage | undefined {
  // Object() makes null, undefined and primitives an object without the fields below.
  const m = Object(data) as Record<string, unknown>;
  switch (m.type) {
    case 'token':
      return typeof m.jwt === 'string' &&
        typeof m.remainingMs === 'number' &&
        typeof m.iat === 'number'
        ? { type: 'token', jwt: m.jwt, remainingMs: m.remainingMs, iat: m.iat }
        : undefined;
    case 'activity':
    case 'ping':
      // Number.isFinite is false for anything but a finite number (no coercion).
      return Number.isFinite(m.at) ? { type: m.type, at: m.at as number } : undefined;
    case 'token-query':
    case 'logout':
      return { type: m.type };
  }
  return undefined;
}
