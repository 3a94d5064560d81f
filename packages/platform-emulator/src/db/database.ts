import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDirectory } from './dataDirLock.ts';
import { DatabaseUnavailable, isConnectionLoss, redactUrl, statementError } from './failures.ts';

/** What the emulator's data modules need from a database: parameterised queries. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and resolves with its rows. */
  query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A database connection: queries, transactions and closing. */
export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of it is written, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connection (a pool's every connection); a PGlite directory is unlocked again. */
  close(): Promise<void>;
  /** 'pglite' or 'postgres', for logs. */
  readonly kind: 'pglite' | 'postgres';
  /** The whole data directory as a gzipped tar (PGlite only), to start another database from. */
  dump?(): Promise<Blob>;
}

/** One failed attempt to reach the database at start (see `DatabaseOptions.onWait`). */
export interface DatabaseWait {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The connection string, password hidden. */
  readonly url: string;
  /** Why it failed, e.g. `connect ECONNREFUSED 127.0.0.1:5432`. */
  readonly cause: string;
  /** Milliseconds until the next attempt. */
  readonly retryInMs: number;
}

/** How the emulator treats a PostgreSQL server that is slow, gone or not up yet. */
export interface DatabaseOptions {
  /** Milliseconds a start keeps trying to reach the server; default 30 000, 0 tries once. */
  readonly waitMs?: number;
  /** Told of every failed attempt while waiting at start (the CLI prints a line each). */
  readonly onWait?: (wait: DatabaseWait) => void;
  /** Milliseconds to open a connection before giving up; default 5 000. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds one statement may run (server and client side); default 15 000. */
  readonly statementTimeoutMs?: number;
  /** Told when a connection breaks outside any statement (logged; the pool replaces it). */
  readonly onConnectionError?: (error: Error) => void;
}

/** A failed start: the database did not answer within the wait, or refused us. */
class DatabaseUnreachable extends Error {
  override name = 'DatabaseUnreachable' as const;
}

/** One turn of the event loop: what is waiting to be read (other requests) goes first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Embedded PostgreSQL (PGlite). `dataDir` keeps the data across restarts; `undefined` keeps
 * it in memory only. `snapshot` (a `dump()`) is the data an in-memory database starts from.
 * A data directory is locked to this process (`<dir>.lock`, decision 0942).
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDirectory(dataDir) : () => {};
  let db: PGlite;
  try {
    db = new PGlite({
      ...(dataDir ? { dataDir } : snapshot ? { loadDataDir: snapshot } : {}),
      // A new database's WAL comes in 1 MB segments, not PostgreSQL's 16 MB: an in-memory one
      // holds 15 MB less, and a snapshot (a start, a reset) restores about 40 % faster
      // (decision 1297). A data directory keeps the size it was made with.
      initDbStartParams: ['--wal-segsize=1'],
      // 16 MB of shared buffers, not initdb's 128 MB: PostgreSQL zeroes its buffer pool at every
      // start, and in WebAssembly that was ~0.7 s of a 1.7 s restore. The data is in memory (or a
      // few MB on disk), so a buffer miss costs a copy, not a read (decision 1304).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    await db.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  /**
   * A statement outside a transaction first lets the event loop take other requests in: PGlite
   * runs in this thread and answers without I/O, so a request's statements would otherwise
   * follow one another with no other request read in between, and a user would wait for all of
   * another's request instead of one statement (decision 0977). Within a transaction the
   * database is held anyway.
   */
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>, yields: boolean): Queryable => ({
    query: async <T extends object>(sql: string, params: readonly unknown[] = []) => {
      if (yields) await turn();
      try {
        return (await q.query<T>(sql, [...params])).rows;
      } catch (error) {
        throw statementError(error, sql);
      }
    },
    exec: async (sql) => {
      if (yields) await turn();
      try {
        await q.exec(sql);
      } catch (error) {
        throw statementError(error, sql);
      }
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db, true),
    async transaction(work) {
      await turn();
      try {
        return await db.transaction((tx) => work(wrap(tx, false)));
      } catch (error) {
        throw statementError(error, 'commit');
      }
    },
    async close() {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
    dump: () => db.dumpDataDir('gzip'),
  };
}

/** Attempts of one statement whose connection broke before it could have written anything. */
const ATTEMPTS = 3;
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));

/** A statement that only reads: safe to run again after its connection broke. */
const readOnly = (sql: string) =>
  /^\s*select\b/i.test(sql) && !/\bfor\s+(update|share)\b|\bnextval\s*\(/i.test(sql);

/**
 * A PostgreSQL server, reached through a connection string (`DATABASE_URL`). Waits at start
 * for a server that is not up yet; afterwards a lost server answers `DatabaseUnavailable`
 * (503) and broken connections are replaced, never a crash. Decision 0940.
 */
export async function openPostgres(
  connectionString: string,
  options: DatabaseOptions = {},
): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString,
    max: 5,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    // The server cancels a long statement; the client gives up on a frozen server a little
    // later (its connection is then destroyed, see `release`).
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
  });
  const onConnectionError = options.onConnectionError ?? (() => {});
  // An idle connection that breaks (the server restarts) is reported here and dropped by the
  // pool; without a listener, the 'error' event would end the process.
  pool.on('error', onConnectionError);
  // A checked-out connection that breaks between two statements emits 'error' on itself.
  pool.on('connect', (client) => client.on('error', onConnectionError));

  /** A connection from the pool; one that cannot be opened is retried a few times. */
  const connect = async (sql: string): Promise<pg.PoolClient> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await pool.connect();
      } catch (error) {
        if (!isConnectionLoss(error) || attempt >= ATTEMPTS) throw statementError(error, sql);
        await backoff(attempt);
      }
    }
  };
  /** Runs a statement on a checked-out connection; errors are the layer's errors. */
  const run = async <T extends object>(
    client: pg.PoolClient,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<T[]> => {
    try {
      return (await client.query<T>(sql, [...params])).rows;
    } catch (error) {
      throw statementError(error, sql);
    }
  };
  const onClient = (client: pg.PoolClient): Queryable => ({
    query: (sql, params) => run(client, sql, params),
    exec: async (sql) => void (await run(client, sql)),
  });
  /** A statement on its own (autocommit); only a read is run again after a broken connection. */
  const query = async <T extends object>(sql: string, params?: readonly unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      const client = await connect(sql);
      try {
        const rows = await run<T>(client, sql, params);
        client.release();
        return rows;
      } catch (error) {
        const lost = isConnectionLoss(error);
        // A broken connection is destroyed, not given back to the pool.
        client.release(lost ? (error as Error) : undefined);
        if (!lost || !readOnly(sql) || attempt >= ATTEMPTS) throw error;
      }
    }
  };

  await waitForServer(pool, connectionString, options);
  return {
    kind: 'postgres',
    query,
    exec: async (sql) => void (await query(sql)),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        const client = await connect('begin');
        let committing = false;
        try {
          await run(client, 'begin');
          const result = await work(onClient(client));
          committing = true;
          await run(client, 'commit');
          client.release();
          return result;
        } catch (error) {
          let broken = isConnectionLoss(error);
          if (!committing && !broken) {
            try {
              await run(client, 'rollback');
            } catch (rollbackError) {
              broken = isConnectionLoss(rollbackError);
            }
          }
          client.release(broken ? (error as Error) : undefined);
          if (committing && broken) {
            // The COMMIT was sent and no answer came: it may or may not have been written, so
            // it is never run again.
            throw new DatabaseUnavailable(
              true,
              'The database went away while saving this change; it may or may not be saved. Read it back before trying again.',
            );
          }
          // Lost before COMMIT: the server rolled it back, so running it again is safe.
          if (!broken || committing || attempt >= ATTEMPTS) throw error;
        }
      }
    },
    close: () => pool.end(),
  };
}

/** `select 1` until it answers, with backoff, for at most `waitMs`; then a clear error. */
async function waitForServer(
  pool: pg.Pool,
  connectionString: string,
  { waitMs = 30_000, onWait }: DatabaseOptions,
): Promise<void> {
  const url = redactUrl(connectionString);
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const cause = (error as Error).message || String(error);
      const left = deadline - Date.now();
      if (!isConnectionLoss(error) || left <= 0) {
        await pool.end();
        throw new DatabaseUnreachable(
          isConnectionLoss(error)
            ? `The database at ${url} did not answer within ${Math.round(waitMs / 1000)} s (${attempt} attempts): ${cause}`
            : `The database at ${url} refused the connection: ${cause}`,
        );
      }
      const retryInMs = Math.min(250 * 2 ** (attempt - 1), 2_000, left);
      onWait?.({ attempt, url, cause, retryInMs });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
