import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

export interface SessionRow {
  readonly id: string;
  readonly userId: string;
  readonly xsrfToken: string;
  readonly expired: boolean;
}

const token = () => randomBytes(24).toString('base64url');

/** Starts a session for a user; the session id and XSRF token are 192-bit random values. */
export async function createSession(
  db: Queryable,
  userId: string,
  lifetimeSeconds: number,
): Promise<SessionRow> {
  const id = token();
  const xsrfToken = token();
  await db.query(
    `insert into sessions (id, user_id, xsrf_token, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [id, userId, xsrfToken, lifetimeSeconds],
  );
  return { id, userId, xsrfToken, expired: false };
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.query<{
    id: string;
    user_id: string;
    xsrf_token: string;
    expired: boolean;
  }>('select id, user_id, xsrf_token, expires_at <= now() as expired from sessions where id = $1', [
    id,
  ]);
  return (
    row && { id: row.id, userId: row.user_id, xsrfToken: row.xsrf_token, expired: row.expired }
  );
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [id]);
}
