/**
 * A small promise cache for read calls (PC-9.4: 300000 ms, size 1). Identical calls in
 * flight share one request; a rejection is dropped at once, so it is never served again.
 */
export class ResponseCache {
  readonly #ttlMs: number;
  readonly #size: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { promise: Promise<unknown>; storedAt: number | null }>();

  /**
   * @param options.ttlMs how long a resolved answer is served; default 300000
   * @param options.size how many answers are kept; default 1 (the oldest goes first)
   */
  constructor(options: { now: () => number; ttlMs?: number; size?: number }) {
    this.#now = options.now;
    this.#ttlMs = options.ttlMs ?? 300_000;
    this.#size = options.size ?? 1;
  }

  /** The cached or in-flight answer for `key`, or a new one from `load`. */
  get(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const entry = this.#entries.get(key);
    if (entry && (entry.storedAt === null || this.#now() - entry.storedAt < this.#ttlMs)) {
      return entry.promise;
    }
    this.#entries.delete(key);
    const fresh = { promise: load(), storedAt: null as number | null };
    this.#entries.set(key, fresh);
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#size) break;
      this.#entries.delete(oldest);
    }
    fresh.promise.then(
      () => (fresh.storedAt = this.#now()),
      () => {
        if (this.#entries.get(key) === fresh) this.#entries.delete(key);
      },
    );
    return fresh.promise;
  }

  /** Forgets every answer (logout, change of user or organisation). */
  clear(): void {
    this.#entries.clear();
  }
}
