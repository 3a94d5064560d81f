import { randomBytes } from 'node:crypto';

/**
 * The HS256 secret the emulator signs and verifies platform JWTs with. `EMULATOR_JWT_SECRET`
 * fixes it (several emulator processes sharing tokens); otherwise it is random per process.
 */
export const jwtSecret: string =
  process.env.EMULATOR_JWT_SECRET ?? randomBytes(32).toString('base64url');
