import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What the emulator's data modules need from a database: parameterised queries. */
export interface Queryable {
  query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A database connection: queries, transactions and closing. */
export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of it is written, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** 'pglite' or 'postgres', for logs. */
  readonly kind: 'pglite' | 'postgres';
  /** The whole data directory as a gzipped tar (PGlite only), to start another database from. */
  dump?(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite). `dataDir` keeps the data across restarts; `undefined` keeps
 * it in memory only. `snapshot` (a `dump()`) is the data an in-memory database starts from.
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite(snapshot ? { loadDataDir: snapshot } : {});
  await db.waitReady;
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T extends object>(sql: string, params: readonly unknown[] = []) =>
      (await q.query<T>(sql, [...params])).rows,
    exec: async (sql) => void (await q.exec(sql)),
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
    dump: () => db.dumpDataDir('gzip'),
  };
}

/** A PostgreSQL server, reached through a connection string (`DATABASE_URL`). */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 5 });
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends object>(sql: string, params: readonly unknown[] = []) =>
      (await q.query<T>(sql, [...params])).rows,
    exec: async (sql) => void (await q.query(sql)),
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
