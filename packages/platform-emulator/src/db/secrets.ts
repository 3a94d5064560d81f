import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

/**
 * A secret shared by every emulator process on this database: created at random by the first
 * process that asks, read by the others (and after a restart), so tokens signed by one process
 * verify in another.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db.query(
    'insert into emulator_secrets (name, value) values ($1, $2) on conflict (name) do nothing',
    [name, randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ value: string }>(
    'select value from emulator_secrets where name = $1',
    [name],
  );
  if (!row) throw new Error(`The secret '${name}' could not be stored.`);
  return row.value;
}
