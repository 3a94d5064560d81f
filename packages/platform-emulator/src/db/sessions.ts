import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

export interface SessionRow {
  readonly id: string;
  readonly userId: string;
  readonly xsrfToken: string;
  readonly expired: boolean;
  readonly expiresAt: Date;
  /** The last request the session made (at most a minute old while it is used). */
  readonly lastActiveAt: Date;
  /** The organisation chosen with selectOrg; `null` means the user's own. */
  readonly currentOrgId: string | null;
}

const token = () => randomBytes(24).toString('base64url');

/** The idle timeout of a session whose organisation sets none (the spec's default). */
const DEFAULT_IDLE_SECONDS = 1800;
/** A session's last activity is written at most this often (not on every request). */
const ACTIVITY_GRANULARITY_MS = 60_000;

/** Whether a session has ended at `$1`: its lifetime is over, or it was idle for its timeout. */
const ended = `(expires_at <= $1 or last_active_at + idle_seconds * interval '1 second' <= $1)`;

/**
 * Starts a session for a user at `now` (the emulator's clock, epoch ms); the session id and
 * XSRF token are 192-bit random values. It ends after `lifetimeSeconds`, or sooner when idle
 * for its organisation's `session.idleTimeoutSeconds` (what the client is told, 1800 by
 * default). With `purgeAt`, sessions that had ended by that instant are deleted first: a sign-in
 * passes the real time, so a session ended only by the console's (reversible) advance stays.
 */
export async function createSession(
  db: Queryable,
  userId: string,
  lifetimeSeconds: number,
  now: number,
  purgeAt?: number,
): Promise<SessionRow> {
  const id = token();
  const xsrfToken = token();
  const expiresAt = new Date(now + lifetimeSeconds * 1000);
  if (purgeAt !== undefined)
    await db.query(`delete from sessions where ${ended}`, [new Date(purgeAt)]);
  await db.query(
    `insert into sessions (id, user_id, xsrf_token, expires_at, last_active_at, idle_seconds)
     values ($1, $2, $3, $4, $5, coalesce((
       select case when a.value ~ '^[1-9][0-9]{0,8}$' then a.value::int end
       from users u join org_attributes a on a.org_id = u.org_id and a.name = 'session.idleTimeoutSeconds'
       where u.id = $2), $6))`,
    [id, userId, xsrfToken, expiresAt, new Date(now), DEFAULT_IDLE_SECONDS],
  );
  return {
    id,
    userId,
    xsrfToken,
    expired: false,
    expiresAt,
    lastActiveAt: new Date(now),
    currentOrgId: null,
  };
}

/** Sessions as of the instant in `$1`: `expired` is decided by the clock, not the database's. */
const selectSession = `select id, user_id, xsrf_token, ${ended} as expired, expires_at, last_active_at, current_org_id
  from sessions`;

/** The session with this id as seen at `now` (epoch ms). */
export async function findSession(
  db: Queryable,
  id: string,
  now: number,
): Promise<SessionRow | undefined> {
  return toSession(await db.query(`${selectSession} where id = $2`, [new Date(now), id]));
}

/**
 * The session a JWT names by its `sid`: the first 22 characters of the base64url SHA-256 of the
 * session id (auth/bearerSession.ts computes the same).
 */
export async function findSessionByRef(
  db: Queryable,
  ref: string,
  now: number,
): Promise<SessionRow | undefined> {
  return toSession(
    await db.query(
      `${selectSession} where left(translate(encode(sha256(convert_to(id, 'UTF8')), 'base64'), '+/', '-_'), 22) = $2`,
      [new Date(now), ref],
    ),
  );
}

function toSession(
  rows: {
    id: string;
    user_id: string;
    xsrf_token: string;
    expired: boolean;
    expires_at: Date | string;
    last_active_at: Date | string;
    current_org_id: string | null;
  }[],
): SessionRow | undefined {
  const [row] = rows;
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      xsrfToken: row.xsrf_token,
      expired: row.expired,
      expiresAt: new Date(row.expires_at),
      lastActiveAt: new Date(row.last_active_at),
      currentOrgId: row.current_org_id,
    }
  );
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [id]);
}

/**
 * Records that a live session was used at `now`, so its idle timeout starts again; written only
 * when the last record is over a minute old.
 */
export async function touchSession(db: Queryable, session: SessionRow, now: number): Promise<void> {
  if (now - session.lastActiveAt.getTime() < ACTIVITY_GRANULARITY_MS) return;
  await db.query(`update sessions set last_active_at = $2 where id = $1`, [
    session.id,
    new Date(now),
  ]);
}

/**
 * The keep-alive ping: a session live at `now` counts as active then, so its idle timeout starts
 * again. Its end stays where sign-in put it: `lifetimeSeconds` is a bound from the start that no
 * ping passes (decision 1100).
 */
export async function keepSessionAlive(db: Queryable, id: string, now: number): Promise<void> {
  await db.query(`update sessions set last_active_at = $1 where id = $2 and not ${ended}`, [
    new Date(now),
    id,
  ]);
}

/** Records the organisation the session works in (selectOrg). */
export async function setCurrentOrg(db: Queryable, id: string, orgId: string): Promise<void> {
  await db.query('update sessions set current_org_id = $2 where id = $1', [id, orgId]);
}

/** Ends every session of a user (disabled or deleted users keep none). */
export async function endUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from sessions where user_id = $1', [userId]);
}
