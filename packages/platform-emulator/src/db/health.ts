import type { Queryable } from './database.ts';

/**
 * Whether the database answers a trivial query within `timeoutMs` (readiness). A frozen or
 * unreachable server is "not ready" after the timeout, never a hanging probe.
 */
export async function databaseReachable(db: Queryable, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  try {
    return await Promise.race([db.query('select 1').then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
