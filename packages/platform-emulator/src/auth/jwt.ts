import { createHmac } from 'node:crypto';
import type { JwtClaims } from '@ics/platform-contract';
import { sameSecret } from './session.ts';
import { signJwt } from './verifyBearer.ts';

/**
 * Issues and verifies the platform's JWTs: HS256 with the emulator's secret, the one the
 * bearer-token services verify with (docs/decisions/0751-scale-out.md: `EMULATOR_JWT_SECRET`,
 * else a secret kept in the database and shared by every process on it).
 */
export class JwtIssuer {
  readonly #secret: string;
  /** Seconds a token lives. */
  readonly lifetimeSeconds: number;

  constructor(options: { lifetimeSeconds: number; secret: string }) {
    this.lifetimeSeconds = options.lifetimeSeconds;
    this.#secret = options.secret;
  }

  sign(claims: Omit<JwtClaims, 'exp' | 'iat'> & { sid: string }): string {
    const iat = Math.floor(Date.now() / 1000);
    return signJwt({ ...claims, iat, exp: iat + this.lifetimeSeconds }, this.#secret);
  }

  /** The claims of a token this emulator signed, or `undefined` when forged or malformed. */
  verify(token: string): (JwtClaims & { sid: string }) | undefined {
    const [header, payload, signature, ...rest] = token.split('.');
    if (!header || !payload || !signature || rest.length > 0) return undefined;
    if (!sameSecret(signature, this.#mac(`${header}.${payload}`))) return undefined;
    try {
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof claims !== 'object' || claims === null) return undefined;
      return claims as JwtClaims & { sid: string };
    } catch {
      return undefined;
    }
  }

  #mac(input: string): string {
    return createHmac('sha256', this.#secret).update(input).digest('base64url');
  }
}
