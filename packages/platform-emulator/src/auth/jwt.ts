import { createHmac } from 'node:crypto';
import type { JwtClaims } from '@ics/platform-contract';
import type { EmulatorClock } from '../clock.ts';
import { sameSecret } from './session.ts';
import { signJwt } from './verifyBearer.ts';

/**
 * Issues and verifies the platform's JWTs: HS256 with the emulator's secret, the one the
 * bearer-token services verify with (docs/decisions/0751-scale-out.md: `EMULATOR_JWT_SECRET`,
 * else a secret kept in the database and shared by every process on it).
 */
export class JwtIssuer {
  readonly #secret: string;
  readonly #clock: EmulatorClock;
  /** Seconds a token lives. */
  readonly lifetimeSeconds: number;

  constructor(options: { lifetimeSeconds: number; secret: string; clock: EmulatorClock }) {
    this.lifetimeSeconds = options.lifetimeSeconds;
    this.#secret = options.secret;
    this.#clock = options.clock;
  }

  /** Whether a token's `exp` (seconds) has passed on the emulator's clock. */
  expired(claims: { exp: number }): boolean {
    return claims.exp * 1000 <= this.#clock.now();
  }

  /** The instant of the emulator's clock (epoch ms). */
  now(): number {
    return this.#clock.now();
  }

  sign(claims: Omit<JwtClaims, 'exp' | 'iat'> & { sid: string }): string {
    const iat = Math.floor(this.#clock.now() / 1000);
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
