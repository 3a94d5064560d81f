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
  /** Whether the preference has been read (this page's openings are laid over what it held). */
  #read = false;
  /** Services opened before the preference was read, newest first. */
  #opened: readonly string[] = [];
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

  /**
   * Reads the preference (again, on a reopen), sends again a write the last page left
   * unfinished, and lays over it the services opened before it was read.
   */
  async load(): Promise<void> {
    try {
      const userId = (await this.#client.session.getUser()).id;
      this.#userId = userId;
      const [preference] = await this.#client.preferences
        .forUser(userId)
        .list(RECENT_SERVICES_PREFERENCE);
      this.#stored = preference !== undefined;
      const pending = this.#pending(userId);
      const saved = pending && !pending.merge ? pending.names : parseRecents(preference?.value);
      // Newest first: this page's openings, then those a page left before its read.
      const opened = [...this.#opened, ...(pending?.merge ? pending.names : [])];
      const names = opened.reduceRight<readonly string[]>(addRecent, saved);
      this.#read = true;
      this.#opened = [];
      this.#set(names);
      if (!pending && opened.length === 0) return;
      this.#keep(userId, names, false);
      void this.#write(names);
    } catch (error) {
      this.#logger.error('[service-switcher] Failed to read the recently used services', error);
    }
  }

  /**
   * The user opened `uniqueName` from the switcher. Kept in this tab's storage at once, as the
   * page is usually left right after: before the preference was read, as an opening that the
   * next read lays over what it finds.
   */
  async record(uniqueName: string): Promise<void> {
    const names = addRecent(this.#names, uniqueName);
    this.#set(names);
    if (!this.#read) this.#opened = addRecent(this.#opened, uniqueName);
    // The client shares the page's one read of the user: known by now, or in a moment.
    const userId =
      this.#userId ??
      (await this.#client.session.getUser().then(
        (user) => user.id,
        () => undefined,
      ));
    if (userId === undefined) return;
    if (this.#read) {
      this.#keep(userId, names, false);
      return this.#write(names);
    }
    // Laid over what this tab kept already: a full list stays full, openings stay openings.
    const before = this.#pending(userId);
    this.#keep(
      userId,
      this.#opened.reduceRight(addRecent, before?.names ?? []),
      before?.merge ?? true,
    );
  }

  /** Keeps `names` in this tab until written: the list, or (`merge`) openings to lay over it. */
  #keep(userId: string, names: readonly string[], merge: boolean): void {
    try {
      const value = serialiseRecents(names);
      this.#storage?.setItem(RECENT_SERVICES_PENDING_KEY, JSON.stringify({ userId, value, merge }));
    } catch {
      // Storage full or disabled: the write is all there is.
    }
  }

  #pending(userId: string): { names: string[]; merge: boolean } | undefined {
    try {
      const saved: unknown = JSON.parse(this.#storage?.getItem(RECENT_SERVICES_PENDING_KEY) ?? '');
      const record = saved as { userId?: unknown; value?: unknown; merge?: unknown };
      return record.userId === userId
        ? { names: parseRecents(record.value), merge: record.merge === true }
        : undefined;
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
        const pending = this.#pending(userId);
        if (pending && !pending.merge && pending.names.join() === names.join())
          this.#storage?.removeItem(RECENT_SERVICES_PENDING_KEY);
      } catch (error) {
        this.#logger.error('[service-switcher] Failed to save the recently used services', error);
      }
    });
    return this.#writes;
  }

  #set(names: readonly string[]): void {
    // The same list again (none read, none kept) changes nothing a display draws.
    if (names.length === this.#names.length && names.every((name, i) => name === this.#names[i]))
      return;
    this.#names = names;
    for (const listener of this.#listeners) listener();
  }
}
