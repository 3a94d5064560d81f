import type { EmulatorClock } from '../clock.ts';
import {
  copyData,
  deleteSessionByRef,
  displayNameOfSession,
  displayNameOfUser,
  listLiveSessions,
  listPersonaSummaries,
  restoreData,
  type DataCopy,
  type PersonaSummary,
  type SessionSummary,
} from '../db/console.ts';
import { openPglite, type Database } from '../db/database.ts';
import { createSession } from '../db/sessions.ts';
import { listPersonas } from '../db/users.ts';
import { ApiError } from '../errors.ts';
import { AdjustableClock } from './clock.ts';
import { FaultRules } from './faultRules.ts';
import { RequestLog } from './requestLog.ts';

/** A saved state: a name, when it was saved (host clock, epoch ms) and its size in rows. */
export interface StateSummary {
  /** The name it was saved under. */
  readonly name: string;
  /** When it was saved, on the host's clock, in epoch milliseconds. */
  readonly savedAt: number;
  /** How many rows it holds, over every table. */
  readonly rows: number;
}

/**
 * The emulator's admin API: everything the console at `/__emulator/` does, for tests and
 * scripts too (`emulator.admin`). The console's HTTP API (`/__emulator/api/…`) calls it.
 */
export class EmulatorAdmin {
  /** The emulator's time: `now()`, `advance(ms)`, `reset()` back to real time. */
  readonly clock: AdjustableClock;
  /** The last requests to the platform's API, live. */
  readonly requests: RequestLog;
  /** Latency and error answers, per operation or path pattern. */
  readonly faults = new FaultRules();
  readonly #db: Database;
  readonly #states = new Map<string, { copy: DataCopy; savedAt: number; rows: number }>();
  readonly #seed: () => Promise<Blob>;
  readonly #sessionLifetimeSeconds: number;

  constructor(options: {
    db: Database;
    clock: EmulatorClock;
    /** The seeded data, for `resetToSeed` (a PGlite dump). */
    seed: () => Promise<Blob>;
    sessionLifetimeSeconds: number;
  }) {
    this.#db = options.db;
    this.clock = new AdjustableClock(options.clock);
    this.#seed = options.seed;
    this.#sessionLifetimeSeconds = options.sessionLifetimeSeconds;
    this.requests = new RequestLog(({ session, userId }) =>
      session ? displayNameOfSession(this.#db, session) : displayNameOfUser(this.#db, userId ?? ''),
    );
  }

  /**
   * Whole days the clock was advanced past real time: trials, seeded with their days left as of
   * real time, have that many days fewer.
   */
  trialDaysPassed(): number {
    return Math.floor(this.clock.offsetMs / 86_400_000);
  }

  /** Every persona (active user) with organisation, roles, licences and trials. */
  personas(): Promise<PersonaSummary[]> {
    return listPersonaSummaries(this.#db, this.trialDaysPassed());
  }

  /** Starts a session for a persona, as signing in on the login page does. */
  async startSession(personaId: string): Promise<{ id: string; xsrfToken: string }> {
    if (!(await listPersonas(this.#db)).some((p) => p.id === personaId))
      throw new ApiError(404, 'NOT_FOUND', `No persona '${personaId}'.`);
    return createSession(this.#db, personaId, this.#sessionLifetimeSeconds, this.clock.now());
  }

  /** The sessions alive on the emulator's clock, newest first. */
  sessions(): Promise<SessionSummary[]> {
    return listLiveSessions(this.#db, this.clock.now());
  }

  /** Ends a session (by its `ref`): its next API call answers 401. */
  async endSession(ref: string): Promise<void> {
    if (!(await deleteSessionByRef(this.#db, ref)))
      throw new ApiError(404, 'NOT_FOUND', 'No such session; it may have ended already.');
  }

  /** The saved states, oldest first. */
  states(): StateSummary[] {
    return [...this.#states].map(([name, { savedAt, rows }]) => ({ name, savedAt, rows }));
  }

  /** Keeps a copy of the data under a name (replacing one of the same name). */
  async saveState(name: string): Promise<StateSummary> {
    if (typeof name !== 'string' || !/^[\w .-]{1,60}$/.test(name.trim()) || !name.trim())
      throw new ApiError(
        400,
        'VALIDATION',
        "A state's name is 1–60 letters, digits, spaces, '.', '-' or '_'.",
      );
    const copy = await copyData(this.#db);
    const rows = copy.tables.reduce((n, t) => n + (Array.isArray(t.rows) ? t.rows.length : 0), 0);
    const state = { copy, savedAt: Date.now(), rows };
    this.#states.set(name.trim(), state);
    return { name: name.trim(), savedAt: state.savedAt, rows };
  }

  /** Puts a saved state's data back; sessions stay as they are. */
  async restoreState(name: string): Promise<void> {
    const state = this.#states.get(name);
    if (!state) throw new ApiError(404, 'NOT_FOUND', `No saved state '${name}'.`);
    await this.#restore(state.copy);
  }

  /** Puts the seed data back (every change since is gone); sessions stay as they are. */
  async resetToSeed(): Promise<void> {
    const seeded = await openPglite(undefined, await this.#seed());
    try {
      await this.#restore(await copyData(seeded));
    } finally {
      await seeded.close();
    }
  }

  async #restore(copy: DataCopy): Promise<void> {
    try {
      await restoreData(this.#db, copy);
    } catch (error) {
      if (this.#db.kind === 'postgres')
        throw new ApiError(
          409,
          'STATE_NOT_RESTORED',
          `The PostgreSQL server refused the restore (it needs a superuser to load rows without checking references): ${(error as Error).message}. Nothing was changed.`,
        );
      throw error;
    }
  }
}
