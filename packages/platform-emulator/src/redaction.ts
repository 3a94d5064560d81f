import type { FastifyRequest } from 'fastify';

/**
 * Names of fields and query keys whose values are secrets: tokens, passwords, keys, the
 * session-bound `access_code` of jwt/Token and the sign-out link's `xsrf`. Compared without case.
 */
const SECRET_NAME =
  /token|secret|password|passwd|jwt|authori[sz]ation|cookie|api[-_]?key|access[-_]?code|credential|private[-_]?key|xsrf/i;
/** A JWT anywhere in a text. */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/** What stands in a log, the console or a URL where a secret was. */
export const REDACTED = '[redacted]';

/**
 * A request URL fit for a log or the console: the value of every secret query parameter
 * replaced by `[redacted]` (the key stays, so a reader still sees what was sent). The rest is
 * kept as the client sent it, so a log line can be matched with an access log.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      return isSecretKey(pair.slice(0, equals)) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}${hashStart === -1 ? '' : url.slice(hashStart)}`;
}

function isSecretKey(rawKey: string): boolean {
  let key = rawKey;
  try {
    key = decodeURIComponent(rawKey.replaceAll('+', ' '));
  } catch {
    // Malformed percent-encoding: judged as it stands.
  }
  return SECRET_NAME.test(key);
}

/** The request as the log shows it: Fastify's default fields, with secrets out of the URL. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

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
