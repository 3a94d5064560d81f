import { randomBytes, randomInt } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A platform-style id: 15 characters (PC-9.6). */
export const newId = (): string =>
  Array.from({ length: 15 }, () => alphabet[randomInt(alphabet.length)]).join('');

const userIdAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A 15-character user id like the seeded ones (PC-9.6): `usr-` and 11 random characters. */
export const newUserId = (): string =>
  `usr-${[...randomBytes(11)].map((b) => userIdAlphabet[b % userIdAlphabet.length]).join('')}`;

/** A database time as the platform's ISO 8601 text; `null` stays `null`. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
