import type { Queryable } from './database.ts';

/** Whether the database answers a trivial query (readiness). */
export async function databaseReachable(db: Queryable): Promise<boolean> {
  try {
    await db.query('select 1');
    return true;
  } catch {
    return false;
  }
}
