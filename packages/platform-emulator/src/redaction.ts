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

/**
 * A copy of a JSON value with every field under a secret name replaced by `[redacted]`, whatever
 * it holds (a string, a number, a whole list or object: `refreshTokens: [...]`, `apiKey: {...}`),
 * and JWTs in the other strings replaced too. The one redaction of everything kept from an
 * answer: the request log, recordings, drift entries and so the reports and state files.
 */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(JWT, REDACTED);
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        SECRET_NAME.test(key) && field !== null ? REDACTED : redact(field),
      ]),
    );
  }
  return value;
}

/** Whether a field's name says it holds a secret (`password`, `accessToken`, `apiKey`…). */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/**
 * What is kept of a body that is not JSON: never its text (it may hold anything, secrets and
 * terminal escapes alike), only its type and size, e.g. `a text/html body of 120 bytes`.
 */
export function bodySummary(body: Buffer, contentType: string | undefined): string {
  const type = printable(contentType?.split(';')[0]?.trim() ?? '').slice(0, 100) || 'untyped';
  return `a ${type} body of ${body.length} bytes`;
}

/** C0 and C1 controls, DEL, and the bidirectional overrides that reorder what a reader sees. */
// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A text from outside (a file, an upstream) fit to print on a terminal or in a report: each
 * control character (ESC, CR, BEL, C1, bidi overrides) shown as its `\u001b` escape instead.
 */
export const printable = (text: string): string =>
  text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** `printable` for a text of several lines: its line breaks kept, every other control escaped. */
export const printableLines = (text: string): string => text.split('\n').map(printable).join('\n');
