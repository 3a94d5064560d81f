import type { JwtClaims } from '@ics/platform-contract';
import { InsecureResponseError, TokenExpiredError } from '../errors.ts';

/** The default client id sent to jwt/Token (PC-9.8). */
export const DEFAULT_CLIENT_ID = 'cdlg_app';

/** A token accepted by the client, with what it needs to schedule its renewal. */
export interface AcceptedToken {
  /** The token itself, as sent in `Authorization: Bearer <jwt>`. */
  readonly jwt: string;
  /** The token's decoded claims (user, organisation, issue and expiry times). */
  readonly claims: JwtClaims;
  /** The token's lifetime as the server issued it (`exp - iat`), in ms. */
  readonly lifetimeMs: number;
}

const CLAIM_STRINGS = ['nonce', 'client_id', 'org_id', 'user_id'] as const;

/**
 * Accepts a token response only when it is well formed and its nonce and client id equal the
 * request's (PC-5.3). Every other shape (missing or non-string values, keys only found on
 * the prototype such as `constructor`, a token that is not a JWT) raises the same
 * InsecureResponseError, so a caller cannot be told apart from an attacker by the message.
 * A token whose lifetime is already over raises TokenExpiredError (PC-8.4).
 *
 * The lifetime is measured from the token's own `iat` and `exp` (both the server's clock),
 * never from the client's clock, so a skewed client cannot mistake a fresh token for an
 * expired one.
 */
export function acceptTokenResponse(
  response: unknown,
  expected: { readonly nonce: string; readonly clientId: string },
): AcceptedToken {
  // A missing or malformed token has no claims: every claim check below refuses it.
  // Stryker disable next-line StringLiteral: any text that is not a JWT is refused the same
  const jwt = ownString(response, 'jwt_token') ?? '';
  const claims = decodeClaims(jwt) ?? {};
  const strings = CLAIM_STRINGS.map((key) => ownString(claims, key));
  const exp = finite(claims['exp']);
  const iat = finite(claims['iat']);
  if (strings.some((v) => v === undefined) || exp === undefined || iat === undefined) {
    throw new InsecureResponseError();
  }
  const [nonce, clientId, orgId, userId] = strings as [string, string, string, string];
  if (nonce !== expected.nonce || clientId !== expected.clientId) throw new InsecureResponseError();
  const lifetimeMs = (exp - iat) * 1000;
  if (lifetimeMs <= 0) throw new TokenExpiredError();
  return {
    jwt,
    claims: {
      exp,
      iat,
      nonce,
      client_id: clientId,
      org_id: orgId,
      user_id: userId,
    },
    lifetimeMs,
  };
}

function ownString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

const finite = (value: unknown): number | undefined =>
  Number.isFinite(value) ? (value as number) : undefined;

/** The claims of a JWT (not verified: the client trusts the TLS channel, the server signs). */
export function decodeClaims(jwt: string): Record<string, unknown> | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3) return undefined;
  try {
    // atob decodes without the padding that base64url leaves out (WHATWG forgiving-base64).
    const binary = atob((parts[1] as string).replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims === 'object' && claims !== null && !Array.isArray(claims)) {
      return claims as Record<string, unknown>;
    }
  } catch {
    // not base64url or not JSON: no claims
  }
  return undefined;
}
