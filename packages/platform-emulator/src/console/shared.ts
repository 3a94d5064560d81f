import type { Database } from '../db/database.ts';
import {
  changeShared,
  readShared,
  sharedVersion,
  type SharedSettings,
} from '../db/consoleShared.ts';
import type { PublishedExtensions } from '../extensions/publishedExtensions.ts';
import type { AdjustableClock } from './clock.ts';
import type { FaultRules } from './faultRules.ts';

/**
 * The console's settings (the clock's offset, fault rules, published extensions' faults) kept in
 * the database, so every process on it answers alike (decision 1220). Each process holds a copy
 * that the clock and the fault hook read without waiting; `refresh()` brings it up to date when
 * another process changed the settings (one `select version` per request on PostgreSQL), and a
 * change made here is written before it is answered.
 */
export class SharedConsole {
  #version = -1;
  /** Changes made through the in-process API (`admin.clock.advance`), written in order. */
  #writes: Promise<unknown> = Promise.resolve();
  #adopting = false;

  constructor(
    private readonly db: Database,
    private readonly parts: {
      readonly clock: AdjustableClock;
      readonly faults: FaultRules;
      readonly extensions?: PublishedExtensions;
    },
  ) {
    const written = () => {
      if (this.#adopting) return;
      // This process's copy as it is now, written as a whole (last writer wins).
      const write = this.#writes.then(() =>
        changeShared(this.db, (current) => ({ next: this.#current(current), result: undefined })),
      );
      write.then(({ settings }) => (this.#version = settings.version)).catch(() => undefined);
      this.#writes = write.catch(() => undefined);
    };
    parts.clock.onChange = written;
    parts.faults.onChange = written;
  }

  /** Whether other processes can change the settings: a PostgreSQL server, not PGlite. */
  get shared(): boolean {
    return this.db.kind === 'postgres';
  }

  /** The version of the settings this process holds (-1 before the first read). */
  get version(): number {
    return this.#version;
  }

  /** Reads the settings when another process changed them since this one last looked. */
  async refresh(): Promise<void> {
    await this.#writes;
    const version = await sharedVersion(this.db);
    if (version !== this.#version) this.#adopt(await readShared(this.db));
  }

  /**
   * Runs `apply` on this process's clock and rules as the database holds them now, the row
   * locked, and writes the result: two processes changing them at once both count.
   */
  async change<T>(apply: () => T): Promise<T> {
    const { settings, result } = await changeShared(this.db, (current) => {
      this.#adopt(current);
      this.#adopting = true;
      try {
        const result = apply();
        return { result, next: this.#current(current) };
      } finally {
        this.#adopting = false;
      }
    });
    this.#adopt(settings);
    return result;
  }

  #current(before: SharedSettings): Omit<SharedSettings, 'version'> {
    return {
      offsetMs: this.parts.clock.offsetMs,
      faults: this.parts.faults.list(),
      extensionFaults: this.parts.extensions?.faultRows(before.extensionFaults) ?? [],
    };
  }

  #adopt(settings: SharedSettings): void {
    this.#adopting = true;
    try {
      this.parts.clock.adopt(settings.offsetMs);
      this.parts.faults.adopt(settings.faults);
      this.parts.extensions?.adoptFaults(settings.extensionFaults);
      this.#version = settings.version;
    } finally {
      this.#adopting = false;
    }
  }
}
