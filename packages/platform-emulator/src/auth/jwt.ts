import { createHmac, randomBytes } from 'node:crypto';
import type { JwtClaims } from '@ics/platform-contract';
import { sameSecret } from './session.ts';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Issues and verifies the platform's JWTs: HS256 with a secret that lives as long as the
 * emulator, so a restart invalidates every token (as a key rotation would).
 */
export class JwtIssuer {
  readonly #secret = randomBytes(32);
  /** Seconds a token lives. */
  readonly lifetimeSeconds: number;

  constructor(options: { lifetimeSeconds: number }) {
    this.lifetimeSeconds = options.lifetimeSeconds;
  }

  sign(claims: Omit<JwtClaims, 'exp' | 'iat'> & { sid: string }): string {
    const iat = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(JSON.stringify({ ...claims, iat, exp: iat + this.lifetimeSeconds }));
    return `${header}.${payload}.${this.#mac(`${header}.${payload}`)}`;
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
