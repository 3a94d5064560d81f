import { addRecent, parseRecents, serialiseRecents } from '../model/recents.ts';
import type { SwitcherClient, SwitcherLogger } from './client.ts';

/** The user preference that keeps the recently used services (a JSON list of uniqueNames). */
export const RECENT_SERVICES_PREFERENCE = 'ProductSwitcher.recentServices';
/**
 * Session-storage key of a write not yet confirmed by the server. Opening a card usually
 * leaves the page at once, which cancels the write; the next display sends it again.
 */
export const RECENT_SERVICES_PENDING_KEY = 'ics-switcher.recentServices';

/**
 * The user's recently used services, kept as a user preference through the same preference
 * API as the default service: read it, then create it or replace it, one write at a time.
 */
export class RecentServices {
  readonly #client: SwitcherClient;
  readonly #logger: SwitcherLogger;
  readonly #storage: Storage | undefined;
  readonly #listeners = new Set<() => void>();
  #names: readonly string[] = [];
  #userId: string | undefined;
  /** Whether the preference exists on the server (so the next write replaces it). */
  #stored = false;
  #writes: Promise<void> = Promise.resolve();

  constructor(options: { client: SwitcherClient; logger: SwitcherLogger; storage?: Storage }) {
    this.#client = options.client;
    this.#logger = options.logger;
    this.#storage = options.storage;
  }

  get names(): readonly string[] {
    return this.#names;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads the preference (and sends again a write the last page left unfinished). */
  async load(): Promise<void> {
    try {
      const userId = (await this.#client.session.getUser()).id;
      const [preference] = await this.#client.preferences
        .forUser(userId)
        .list(RECENT_SERVICES_PREFERENCE);
      this.#userId = userId;
      this.#stored = preference !== undefined;
      const pending = this.#pending(userId);
      this.#set(pending ?? parseRecents(preference?.value));
      if (pending) this.#write(pending);
    } catch (error) {
      this.#logger.error('[service-switcher] Failed to read the recently used services', error);
    }
  }

  /** The user opened `uniqueName` from the switcher. */
  record(uniqueName: string): Promise<void> {
    const names = addRecent(this.#names, uniqueName);
    this.#set(names);
    if (this.#userId === undefined) return this.#writes;
    try {
      this.#storage?.setItem(
        RECENT_SERVICES_PENDING_KEY,
        JSON.stringify({ userId: this.#userId, value: serialiseRecents(names) }),
      );
    } catch {
      // Storage full or disabled: the write below is all there is.
    }
    return this.#write(names);
  }

  #pending(userId: string): string[] | undefined {
    try {
      const saved: unknown = JSON.parse(this.#storage?.getItem(RECENT_SERVICES_PENDING_KEY) ?? '');
      const record = saved as { userId?: unknown; value?: unknown };
      return record.userId === userId ? parseRecents(record.value) : undefined;
    } catch {
      return undefined;
    }
  }

  #write(names: readonly string[]): Promise<void> {
    const userId = this.#userId as string;
    const value = serialiseRecents(names);
    this.#writes = this.#writes.then(async () => {
      const store = this.#client.preferences.forUser(userId);
      try {
        if (this.#stored) await store.update(RECENT_SERVICES_PREFERENCE, value);
        else await store.create({ fullyQualifiedName: RECENT_SERVICES_PREFERENCE, value });
        this.#stored = true;
        if (this.#pending(userId)?.join() === names.join())
          this.#storage?.removeItem(RECENT_SERVICES_PENDING_KEY);
      } catch (error) {
        this.#logger.error('[service-switcher] Failed to save the recently used services', error);
      }
    });
    return this.#writes;
  }

  #set(names: readonly string[]): void {
    this.#names = names;
    for (const listener of this.#listeners) listener();
  }
}
