import type { FaultRule } from '../console/adminApi.ts';
import type { Database, Queryable } from './database.ts';

/** What the console changes and every process on the database answers by (decision 1220). */
export interface SharedSettings {
  /** How far the console advanced the clock, in milliseconds. */
  readonly offsetMs: number;
  /** The fault rules, in the order they were added. */
  readonly faults: readonly FaultRule[];
  /** The published extensions' faults, by `product/name`. */
  readonly extensionFaults: readonly ExtensionFaultRow[];
  /** Grows by one at every change: a process that knows this version knows the settings. */
  readonly version: number;
}

/** A published extension's fault as kept in the database. */
export interface ExtensionFaultRow {
  readonly product: string;
  readonly name: string;
  readonly kind: string;
  readonly fallbackToo: boolean;
}

interface Row {
  offset_ms: string | number;
  faults: FaultRule[];
  extension_faults: ExtensionFaultRow[];
  version: string | number;
}

const settingsOf = (row: Row | undefined): SharedSettings => ({
  offsetMs: Number(row?.offset_ms ?? 0),
  faults: row?.faults ?? [],
  extensionFaults: row?.extension_faults ?? [],
  version: Number(row?.version ?? 0),
});

/** The settings' version alone: what a process reads to know whether its copy is current. */
export async function sharedVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string | number }>('select version from console_shared');
  return Number(row?.version ?? 0);
}

/** The settings as they are now. */
export async function readShared(db: Queryable): Promise<SharedSettings> {
  const [row] = await db.query<Row>(
    'select offset_ms, faults, extension_faults, version from console_shared',
  );
  return settingsOf(row);
}

/**
 * Changes the settings in one transaction, the row locked meanwhile, so two processes changing
 * them at once both count (two advances add up; a fault's last `times` is taken by one request).
 * `change` gets the current settings and returns the new ones (or `undefined`: nothing to write).
 */
export async function changeShared<T>(
  db: Database,
  change: (current: SharedSettings) => { next?: Omit<SharedSettings, 'version'>; result: T },
): Promise<{ settings: SharedSettings; result: T }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      'select offset_ms, faults, extension_faults, version from console_shared for update',
    );
    const current = settingsOf(row);
    const { next, result } = change(current);
    if (!next) return { settings: current, result };
    const [written] = await tx.query<Row>(
      `update console_shared set offset_ms = $1, faults = $2::jsonb, extension_faults = $3::jsonb,
              version = version + 1
        returning offset_ms, faults, extension_faults, version`,
      [next.offsetMs, JSON.stringify(next.faults), JSON.stringify(next.extensionFaults)],
    );
    return { settings: settingsOf(written), result };
  });
}

/** A saved state as kept: its name, when it was saved and the state file itself. */
export async function listStates<F>(db: Queryable): Promise<F[]> {
  const rows = await db.query<{ file: F }>(
    'select file from console_states order by saved_at, name',
  );
  return rows.map((r) => r.file);
}

export async function findState<F>(db: Queryable, name: string): Promise<F | undefined> {
  const [row] = await db.query<{ file: F }>('select file from console_states where name = $1', [
    name,
  ]);
  return row?.file;
}

/** Keeps a state under its name, replacing one of the same name. */
export async function keepState(
  db: Queryable,
  name: string,
  savedAt: string,
  file: unknown,
): Promise<void> {
  await db.query(
    `insert into console_states (name, saved_at, file) values ($1, $2, $3::jsonb)
     on conflict (name) do update set saved_at = excluded.saved_at, file = excluded.file`,
    // A loaded file's `savedAt` may be any text: the row's order then is its loading time.
    [name, new Date(Date.parse(savedAt) || Date.now()).toISOString(), JSON.stringify(file)],
  );
}

/**
 * Runs a start-up load (`kind`, e.g. the state file, whose content hashes to `hash`) once for
 * processes that start together: under a PostgreSQL advisory lock, a process skips the load
 * when another loaded the same content after `since` (when this process began its start), i.e.
 * while it waited. A process started later loads it again, as one process would.
 */
export async function loadOnce(
  db: Database,
  kind: string,
  hash: string,
  since: Date,
  load: () => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7419002)');
    const [done] = await tx.query<{ hash: string }>(
      'select hash from start_loads where kind = $1 and loaded_at > $2',
      [kind, since],
    );
    if (done?.hash === hash) return false;
    await load();
    await tx.query(
      `insert into start_loads (kind, hash, loaded_at) values ($1, $2, clock_timestamp())
       on conflict (kind) do update set hash = excluded.hash, loaded_at = excluded.loaded_at`,
      [kind, hash],
    );
    return true;
  });
}

/** The database server's time now: the one clock every process on it shares. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const [row] = await db.query<{ now: Date | string }>('select clock_timestamp() as now');
  return new Date(row?.now ?? Date.now());
}
