import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres, type PostgresCluster } from '../test-support/postgresServer.ts';
import { openPostgres, type Database } from './database.ts';

/**
 * Which statements run again when the server ends their connection (`pg_terminate_backend`,
 * SQLSTATE 57P01, as a restart does): reads and uncommitted transactions, never a lone write.
 */
describe('given a PostgreSQL server that terminates a connection mid-statement', () => {
  let cluster: PostgresCluster;
  let db: Database;
  let admin: pg.Client;
  beforeAll(async () => {
    cluster = await createPostgres();
    await cluster.start();
    db = await openPostgres(cluster.url);
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await db.exec('create table marks (label text not null)');
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await db?.close();
    cluster?.remove();
  });

  /** Ends the connection running a statement that contains `marker`, once it runs. */
  async function terminate(marker: string) {
    for (let polls = 0; polls < 500; polls++) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where query like $1 and pid <> pg_backend_pid()`,
        [`%${marker}%`],
      );
      if (rows.some((r) => r.ended)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No statement with ${marker} ran.`);
  }
  const count = async (label: string) =>
    (
      await db.query<{ n: number }>('select count(*)::int as n from marks where label = $1', [
        label,
      ])
    )[0]?.n;

  it('runs a read again on a new connection and answers it', async () => {
    const [rows] = await Promise.all([
      db.query<{ v: number }>("select 7 as v, pg_sleep(0.5), 'read-marker'"),
      terminate('read-marker'),
    ]);
    expect(rows).toEqual([{ v: 7, pg_sleep: '', '?column?': 'read-marker' }]);
  });

  it('answers a lone write 503 and does not run it again', async () => {
    const [outcome] = await Promise.all([
      db
        .query("insert into marks (label) select 'write-marker' from pg_sleep(0.5)")
        .catch((e: unknown) => e),
      terminate('write-marker'),
    ]);
    expect(outcome).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(await count('write-marker')).toBe(0);
  });

  it('runs a transaction cut before COMMIT again, and writes it once', async () => {
    const [result] = await Promise.all([
      db.transaction(async (tx) => {
        await tx.query("insert into marks (label) select 'tx-marker' from pg_sleep(0.5)");
        return 'done';
      }),
      terminate('tx-marker'),
    ]);
    expect(result).toBe('done');
    expect(await count('tx-marker')).toBe(1);
  });
});
