import type { EmulatorClock } from '../clock.ts';
import {
  copyData,
  deleteSessionByRef,
  displayNameOfSession,
  displayNameOfUser,
  listLiveSessions,
  listPersonaSummaries,
} from '../db/console.ts';
import { openPglite, type Database } from '../db/database.ts';
import { createSession } from '../db/sessions.ts';
import {
  checkStateFile,
  loadStateFile,
  restoreCopy,
  stateFileOf,
  StateFileError,
} from '../db/stateFile.ts';
import { listPersonas } from '../db/users.ts';
import { ApiError } from '../errors.ts';
import { Value } from '@sinclair/typebox/value';
import {
  StateName,
  type PersonaSummary,
  type StateFile,
  type SessionSummary,
  type StateSummary,
} from './adminApi.ts';
import { AdjustableClock, realNow } from './clock.ts';
import { FaultRules } from './faultRules.ts';
import { RequestLog } from './requestLog.ts';
import { SharedConsole } from './shared.ts';
import { findState, keepState, listStates } from '../db/consoleShared.ts';
import type { PublishedExtensions } from '../extensions/publishedExtensions.ts';

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
  /**
   * The clock's offset, the fault rules and the extensions' faults as the database keeps them for
   * every process on it (decision 1220).
   */
  readonly shared: SharedConsole;
  readonly #db: Database;
  readonly #seed: () => Promise<Blob>;
  readonly #sessionLifetimeSeconds: number;

  constructor(options: {
    db: Database;
    clock: EmulatorClock;
    /** The seeded data, for `resetToSeed` (a PGlite dump). */
    seed: () => Promise<Blob>;
    sessionLifetimeSeconds: number;
    /** The published extensions, whose faults are shared too. */
    extensions?: PublishedExtensions;
  }) {
    this.#db = options.db;
    this.clock = new AdjustableClock(options.clock);
    this.shared = new SharedConsole(options.db, {
      clock: this.clock,
      faults: this.faults,
      ...(options.extensions ? { extensions: options.extensions } : {}),
    });
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
    const now = this.clock.now();
    const real = realNow(this.clock);
    return createSession(this.#db, personaId, this.#sessionLifetimeSeconds, now, real);
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

  /** The saved states, oldest first: kept in the database, so every process lists them. */
  async states(): Promise<StateSummary[]> {
    return (await listStates<StateFile>(this.#db)).map(summaryOf);
  }

  /** Keeps a copy of the data under a name (replacing one of the same name). */
  async saveState(name: string): Promise<StateSummary> {
    if (!Value.Check(StateName, { name }))
      throw new ApiError(400, 'VALIDATION', `name: ${StateName.properties.name.description}.`);
    const state = await stateFileOf(this.#db, name.trim(), new Date());
    await keepState(this.#db, state.name, state.savedAt, state);
    return summaryOf(state);
  }

  /** A saved state as a file to keep (`platform-emulator state save`, the console's download). */
  async stateFile(name: string): Promise<StateFile> {
    const state = await findState<StateFile>(this.#db, name);
    if (!state) throw new ApiError(404, 'NOT_FOUND', `No saved state '${name}'.`);
    return state;
  }

  /**
   * Replaces the data with a state file's (an older one migrated first) and keeps it under its
   * name. A file that is not a state file, or is newer than this emulator, is a 400 saying why;
   * one whose rows do not fit, a 409; either way nothing changes.
   */
  async loadState(data: unknown, file = 'the state file'): Promise<StateSummary> {
    let state: StateFile;
    try {
      state = checkStateFile(data, file);
    } catch (error) {
      if (error instanceof StateFileError) throw new ApiError(400, 'STATE_FILE', error.message);
      throw error;
    }
    await this.#restore(() => loadStateFile(this.#db, state, file));
    const name = Value.Check(StateName, { name: state.name }) ? state.name.trim() : 'loaded';
    const kept = { ...state, name };
    await keepState(this.#db, name, kept.savedAt, kept);
    return summaryOf(kept);
  }

  /** Puts a saved state's data back; sessions stay as they are. */
  async restoreState(name: string): Promise<void> {
    const state = await this.stateFile(name);
    await this.#restore(() => loadStateFile(this.#db, state, `state '${name}'`));
  }

  /** Puts the seed data back (every change since is gone); sessions stay as they are. */
  async resetToSeed(): Promise<void> {
    const seeded = await openPglite(undefined, await this.#seed());
    try {
      const copy = await copyData(seeded);
      await this.#restore(() => restoreCopy(this.#db, copy, 'the seed'));
    } finally {
      await seeded.close();
    }
  }

  async #restore(load: () => Promise<void>): Promise<void> {
    try {
      await load();
    } catch (error) {
      if (error instanceof StateFileError)
        throw new ApiError(409, 'STATE_NOT_RESTORED', error.message);
      throw error;
    }
  }
}

/** How the console lists a state: its name, when it was saved and its size in rows. */
function summaryOf(state: StateFile): StateSummary {
  const rows = state.tables.reduce((n, t) => n + t.rows.length, 0);
  return { name: state.name, savedAt: Date.parse(state.savedAt), rows };
}
