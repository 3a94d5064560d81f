import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres, type PostgresCluster } from '../test-support/postgresServer.ts';
import { openPostgres, type Database } from './database.ts';
import { databaseReachable } from './health.ts';

describe('given a PostgreSQL server with short statement and connect timeouts', () => {
  let cluster: PostgresCluster;
  let db: Database;
  beforeAll(async () => {
    cluster = await createPostgres();
    await cluster.start();
    db = await openPostgres(cluster.url, { statementTimeoutMs: 300, connectTimeoutMs: 300 });
  }, 120_000);
  afterAll(async () => {
    cluster?.signal('SIGCONT');
    await db?.close();
    cluster?.remove();
  });

  it('answers a statement longer than the statement timeout 503 DATABASE_UNAVAILABLE, and the connection serves on', async () => {
    await expect(db.query('select pg_sleep(5)')).rejects.toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      connectionLost: false,
    });
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('answers 503 and reports not ready while the server is frozen, and serves again once it thaws', async () => {
    await db.query('select 1');
    cluster.signal('SIGSTOP');
    try {
      await expect(db.query('select 2')).rejects.toMatchObject({ status: 503 });
      expect(await databaseReachable(db, 200)).toBe(false);
    } finally {
      cluster.signal('SIGCONT');
    }
    expect(await db.query('select 3 as three')).toEqual([{ three: 3 }]);
    expect(await databaseReachable(db, 2_000)).toBe(true);
  }, 60_000);
});
