import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EmulatorClock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { findSessionByRef, touchSession } from '../db/sessions.ts';
import { findUserSession } from '../db/users.ts';
import { ApiError } from '../errors.ts';
import { verifyBearer, type BearerClaims } from './verifyBearer.ts';

/** Sessions are named in tokens by a hash, so a token never reveals the session cookie. */
export const sessionRef = (sessionId: string): string =>
  createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);

/**
 * Verifies a bearer JWT (verifyBearer) and that it is still bound to a live session of an active
 * user: a token dies with its session, and with its user when disabled or deleted.
 */
export async function verifyBearerSession(
  db: Queryable,
  request: FastifyRequest,
  secret: string,
  clock: EmulatorClock,
): Promise<BearerClaims> {
  const now = clock.now();
  const claims = verifyBearer(request, secret, now);
  const ended = (why: string) => new ApiError(401, 'INVALID_TOKEN', why);
  if (typeof claims.sid !== 'string') throw ended('The bearer token names no session.');
  const session = await findSessionByRef(db, claims.sid, now);
  if (!session || session.expired || session.userId !== claims.user_id)
    throw ended('The session of this bearer token has ended; sign in again.');
  if (!(await findUserSession(db, claims.user_id)))
    throw ended('The user of this bearer token is disabled or deleted.');
  await touchSession(db, session, now);
  return claims;
}
