import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/** The claims the emulator relies on (spec §3 "Decoded token claims"). */
export interface BearerClaims {
  /** The signed-in user's id. */
  readonly user_id: string;
  /** The id of the organisation the user works in for this token. */
  readonly org_id: string;
  /** When the token expires, in seconds since the epoch (the JWT `exp`). */
  readonly exp: number;
  /** The OAuth client the token was issued to, when the request named one. */
  readonly client_id?: string;
  /** The caller's nonce, echoed from the token request, when it sent one. */
  readonly nonce?: string;
  /** The session the token was issued to (a hash of its id). */
  readonly sid?: string;
}

const unauthorized = (why: string) => new ApiError(401, 'INVALID_TOKEN', why);

/**
 * Verifies `Authorization: Bearer <jwt>`: an HS256 JWT signed with `secret`, not expired,
 * carrying user_id and org_id. Anything else is a 401 naming the problem.
 */
export function verifyBearer(
  request: FastifyRequest,
  secret: string,
  now = Date.now(),
): BearerClaims {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(header) : null;
  if (!match) throw unauthorized('This service needs an Authorization: Bearer <JWT> header.');
  const [, head = '', body = '', signature = ''] = match;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw unauthorized('The bearer token signature is not valid.');
  }
  let claims: Partial<BearerClaims> & { alg?: string };
  try {
    const parsedHead = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as {
      alg?: unknown;
    };
    if (parsedHead.alg !== 'HS256') throw new Error('alg');
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<BearerClaims>;
  } catch {
    throw unauthorized('The bearer token is malformed.');
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) {
    throw unauthorized('The bearer token has expired.');
  }
  if (typeof claims.user_id !== 'string' || typeof claims.org_id !== 'string') {
    throw unauthorized('The bearer token lacks user_id or org_id.');
  }
  return claims as BearerClaims;
}

/** Signs claims as an HS256 JWT with `secret` (`emulator.signJwt` signs with the emulator's). */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
