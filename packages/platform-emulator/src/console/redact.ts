/** Names of fields whose values are secrets: tokens, passwords, keys, codes that grant access. */
const SECRET_NAME =
  /token|secret|password|passwd|jwt|authori[sz]ation|cookie|api[-_]?key|access[-_]?code|credential|private[-_]?key/i;
/** A JWT anywhere in a text. */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

export const REDACTED = '[redacted]';

/** A copy of a JSON value with secret fields and JWTs replaced by `[redacted]`. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(JWT, REDACTED);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        SECRET_NAME.test(key) && field !== null && typeof field !== 'object'
          ? REDACTED
          : redact(field),
      ]),
    );
  }
  return value;
}
