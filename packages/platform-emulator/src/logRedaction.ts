import type { FastifyRequest } from 'fastify';

/**
 * Query keys whose values are secrets: the session-bound `access_code` of jwt/Token, the
 * sign-out link's `xsrf`, and the usual names of tokens and passwords. Compared without case.
 */
const SECRET_QUERY_KEYS = new Set([
  'access_code',
  'xsrf',
  'jwt_token',
  'access_token',
  'id_token',
  'refresh_token',
  'token',
  'password',
  'secret',
]);

/** What stands in a logged URL where a secret was. */
export const REDACTED = '[redacted]';

/**
 * A request URL fit for a log: the value of every secret query parameter replaced by
 * `[redacted]` (the key stays, so the log still says what was sent). The rest is kept as the
 * client sent it, so a log line can be matched with an access log.
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
  return SECRET_QUERY_KEYS.has(key.toLowerCase());
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
