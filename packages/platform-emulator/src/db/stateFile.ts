import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { StateFile } from '../console/adminApi.ts';
import { copyData, restoreData, type DataCopy } from './console.ts';
import { openPglite, type Database } from './database.ts';
import { migrate, migrations } from './migrations.ts';
import { printable, REDACTED } from '../redaction.ts';

// A state as a file a team commits (decision 1132): JSON rows per table, SQL-level, so it
// restores on PGlite and on a PostgreSQL server; versioned, so a newer file is refused and an
// older one migrated.

/** What the `format` key of every state file says. */
const FORMAT = StateFile.properties.format.const;
/** The version of the file's layout this emulator writes and reads. */
export const STATE_FORMAT_VERSION = 1;

/** The emulator's own version, written into each state file. */
const emulatorVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** A state file that cannot be loaded; the message says why and what to do. */
export class StateFileError extends Error {
  override name = 'StateFileError' as const;
}

/**
 * Columns holding what the contract says is "stored, never answered back" (a user's
 * source-control token): a state file, made to be committed, leaves them out, and a row loaded
 * without one gets `[redacted]` in its place (decision 1272).
 */
const NEVER_SAVED: Readonly<Record<string, string>> = { scm_credentials: 'token' };

/** The rows of a table without the columns a state file leaves out. */
function savedRows(table: string, rows: readonly unknown[]): unknown[] {
  const column = NEVER_SAVED[table];
  if (!column) return [...rows];
  return rows.map((row) => {
    const { [column]: _left, ...kept } = row as Record<string, unknown>;
    return kept;
  });
}

/** A state's tables with the left-out columns filled in with `[redacted]` where missing. */
function filledIn(state: StateFile): StateFile {
  return {
    ...state,
    tables: state.tables.map((t) => {
      const column = NEVER_SAVED[t.name];
      if (!column) return t;
      const rows = t.rows.map((row) =>
        typeof row === 'object' && row !== null && !(column in row)
          ? { ...row, [column]: REDACTED }
          : row,
      );
      return { ...t, rows };
    }),
  };
}

/**
 * The data as a state file, every table's rows and the sequences (sessions are not data), less
 * the secrets the contract never answers back.
 */
export async function stateFileOf(db: Database, name: string, savedAt: Date): Promise<StateFile> {
  const copy = await copyData(db);
  const applied = await db.query<{ id: number }>('select id from schema_migrations');
  const done = new Set(applied.map((r) => r.id));
  return {
    format: FORMAT,
    formatVersion: STATE_FORMAT_VERSION,
    emulatorVersion,
    name,
    savedAt: savedAt.toISOString(),
    migrations: migrations.map((m) => m.id).filter((id) => done.has(id)),
    tables: copy.tables.map((t) => ({
      name: t.name,
      rows: Array.isArray(t.rows) ? savedRows(t.name, t.rows) : [],
    })),
    sequences: [...copy.sequences],
  };
}

/** Writes a state file atomically (a reader never sees half of one), one row per line or so. */
export function writeStateFile(file: string, state: StateFile): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(state, null, 1)}\n`);
  renameSync(partial, file);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a state file's text: refuses what is not JSON (or was cut short), not a state file, of a
 * newer format or written by an emulator with migrations this one does not know.
 */
export function parseStateFile(text: string, file: string): StateFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(
      `${file}: not a state file: not JSON, or cut short (${(error as Error).message}).`,
    );
  }
  return checkStateFile(data, file);
}

/** Checks a state file's parsed content; see `parseStateFile`. */
export function checkStateFile(data: unknown, file: string): StateFile {
  if (!isObject(data) || data.format !== FORMAT)
    throw new StateFileError(
      `${file}: not a state file: 'format' must be '${FORMAT}' (write one with 'platform-emulator state save').`,
    );
  const version = data.formatVersion;
  // Printed on a terminal: a crafted file's text shows its control characters escaped.
  const by =
    typeof data.emulatorVersion === 'string'
      ? printable(data.emulatorVersion).slice(0, 100)
      : 'an unknown version';
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new StateFileError(
      `${file}: formatVersion must be a whole number from 1; got ${JSON.stringify(version)}.`,
    );
  if (version > STATE_FORMAT_VERSION)
    throw new StateFileError(
      `${file}: written by @ics/platform-emulator ${by} in state format ${version}; this emulator (${emulatorVersion}) reads format ${STATE_FORMAT_VERSION} and older. Update @ics/platform-emulator to load it.`,
    );
  const known = new Set(migrations.map((m) => m.id));
  const ids = data.migrations;
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id)))
    throw new StateFileError(`${file}: migrations must be a list of migration ids.`);
  const unknown = ids.filter((id) => !known.has(id as number));
  if (unknown.length > 0)
    throw new StateFileError(
      `${file}: written by @ics/platform-emulator ${by}, whose database has migrations this emulator (${emulatorVersion}) does not know (${unknown.join(', ')}). Update @ics/platform-emulator to load it.`,
    );
  const problem = Value.Errors(StateFile, data).First();
  if (problem)
    throw new StateFileError(
      `${file}: not a state file: ${problem.path.slice(1).replaceAll('/', '.') || 'the file'}: ${problem.message}.`,
    );
  return data as StateFile;
}

/**
 * Replaces the data with a state file's, in one transaction (all of it, or nothing changes). A
 * file from an older emulator is brought up to date first: its rows go into a scratch database
 * at its migrations, the newer migrations run over them, and the result is loaded.
 */
export async function loadStateFile(db: Database, saved: StateFile, file: string): Promise<void> {
  const state = filledIn(saved);
  const current = migrations.map((m) => m.id);
  let copy: DataCopy = state;
  if (current.some((id) => !state.migrations.includes(id))) {
    const scratch = await openPglite(undefined);
    try {
      await migrate(scratch, { only: state.migrations });
      await restoreCopy(scratch, state, file);
      await migrate(scratch);
      copy = await copyData(scratch);
    } finally {
      await scratch.close();
    }
  }
  await restoreCopy(db, copy, file);
}

/** Replaces the data with a copy; rows that do not fit are a `StateFileError` (nothing changed). */
export async function restoreCopy(db: Database, copy: DataCopy, file: string): Promise<void> {
  try {
    await restoreData(db, copy);
  } catch (error) {
    throw new StateFileError(
      `${file}: its rows do not fit the database (${(error as Error).message}); nothing was changed.`,
    );
  }
}
