import { timingSafeEqual } from 'node:crypto';
import type { UserSession } from '@ics/platform-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorClock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { findSession, touchSession } from '../db/sessions.ts';
import { findUserSession } from '../db/users.ts';
import { ApiError } from '../errors.ts';

export const SESSION_COOKIE = 'ICS_SESSION';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';

export interface SessionContext {
  readonly sessionId: string;
  readonly user: UserSession;
}

/** The session of a request, or `undefined` when there is none or it has ended. */
export async function currentSession(
  db: Queryable,
  clock: EmulatorClock,
  request: FastifyRequest,
): Promise<SessionContext | undefined> {
  const id = request.cookies[SESSION_COOKIE];
  if (!id) return undefined;
  const session = await findSession(db, id, clock.now());
  if (!session || session.expired) return undefined;
  const user = await findUserSession(db, session.userId);
  return user && { sessionId: id, user: withCurrentOrg(user, session.currentOrgId) };
}

/**
 * Authenticates an API request: 401 without a known session, 400 SS_001 when the session
 * has ended, 403 when a state-changing request lacks the matching XSRF header.
 */
export function authenticator(db: Queryable, clock: EmulatorClock) {
  return async (request: FastifyRequest, needsXsrf: boolean): Promise<SessionContext> => {
    const id = request.cookies[SESSION_COOKIE];
    const session = id ? await findSession(db, id, clock.now()) : undefined;
    if (!session) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use this service.');
    if (session.expired)
      throw new ApiError(400, 'SS_001', 'Your session has ended. Sign in again.');
    if (needsXsrf && !sameSecret(request.headers[XSRF_HEADER], session.xsrfToken)) {
      throw new ApiError(
        403,
        'XSRF',
        'The X-XSRF-TOKEN header is missing or does not match the session.',
      );
    }
    const user = await findUserSession(db, session.userId);
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use this service.');
    await touchSession(db, session, clock.now());
    return { sessionId: session.id, user: withCurrentOrg(user, session.currentOrgId) };
  };
}

export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `Secure` when the browser reached the emulator over TLS: directly, or through a proxy whose
 * `X-Forwarded-Proto` the emulator was told to trust (`trustProxy`); never on plain HTTP, where a
 * browser would drop a Secure cookie.
 */
export function cookieSecurity(request: FastifyRequest): { secure: boolean } {
  return { secure: request.protocol === 'https' };
}

/** Sets the HttpOnly session cookie and the readable XSRF cookie. */
export function setSessionCookies(
  reply: FastifyReply,
  session: { id: string; xsrfToken: string },
): void {
  const { secure } = cookieSecurity(reply.request);
  reply.setCookie(SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
  reply.setCookie(XSRF_COOKIE, session.xsrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  const { secure } = cookieSecurity(reply.request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure });
  reply.clearCookie(XSRF_COOKIE, { path: '/', secure });
}

/** The user as seen in a session where selectOrg may have chosen another organisation. */
function withCurrentOrg(user: UserSession, currentOrgId: string | null): UserSession {
  return currentOrgId ? { ...user, currentOrgId } : user;
}
