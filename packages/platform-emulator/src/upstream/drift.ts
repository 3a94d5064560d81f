import type { IncomingHttpHeaders } from 'node:http';
import { schemasOf } from '@ics/platform-contract/schemas';
import { Conformance } from '../conformance.ts';
import type { DriftEntry } from '../db/upstream.ts';
import type { Operation } from '../http/operationTable.ts';
import { bodySummary, isSecretName, printable, redact, REDACTED } from '../redaction.ts';

/** The error statuses every operation's OpenAPI description declares (schemas/openapi.ts). */
const DECLARED_ERRORS = [400, 401, 403, 404, 409];
/** Longest `actual` kept per entry. */
const ACTUAL_LIMIT = 200;

type Drift = Pick<DriftEntry, 'location' | 'expected' | 'actual'>;

const conformance = new Conformance();

/** The success status the contract declares for an operation: 201, 200 or 204. */
function successOf(operation: Operation): number {
  const schemas = schemasOf(operation.endpoint);
  if (!schemas.response) return 204;
  return operation.method === 'POST' ? 201 : 200;
}

/**
 * How one upstream answer of `operation` differs from the contract, checked as the emulator's
 * own answers are (decision 1141): its status among those declared (a 5xx is an outage, not
 * drift, and is only held to the error shape), its body against the response schema or the
 * error shape, and the headers the contract's answers carry (JSON bodies as `application/json`,
 * `Cache-Control: no-store` on answers that are someone's data). Empty when it conforms.
 * What came back is kept as the request log keeps it (redaction.ts: by the field's name, a body
 * that is not JSON only by type and size) and with no control character (a report is printed).
 */
export function driftOf(
  operation: Operation,
  answer: { status: number; headers: IncomingHttpHeaders; body: Buffer },
): Drift[] {
  return driftFound(operation, answer).map((d) => ({
    location: printable(d.location),
    expected: d.expected,
    actual: printable(d.actual),
  }));
}

function driftFound(
  operation: Operation,
  answer: { status: number; headers: IncomingHttpHeaders; body: Buffer },
): Drift[] {
  const { status, headers } = answer;
  const success = successOf(operation);
  const drift: Drift[] = [];
  const declared = [success, ...DECLARED_ERRORS];
  if (!declared.includes(status) && status < 500)
    drift.push({
      location: 'status',
      expected: `one of ${declared.join(', ')}`,
      actual: String(status),
    });
  const schemas = schemasOf(operation.endpoint);
  const binary = status < 300 && schemas.responseType !== undefined;
  const text = answer.body.toString('utf8');
  const type = String(headers['content-type'] ?? '');
  let body: unknown;
  if (text !== '' && !binary) {
    try {
      body = JSON.parse(text);
    } catch {
      drift.push({ location: 'body', expected: 'JSON', actual: bodySummary(answer.body, type) });
      return drift;
    }
    if (!/^application\/json\b/i.test(type))
      drift.push({
        location: 'header Content-Type',
        expected: 'application/json',
        actual: type || '(none)',
      });
  }
  if (
    operation.endpoint.credential !== 'public' &&
    status < 300 &&
    !/no-store/i.test(String(headers['cache-control'] ?? ''))
  )
    drift.push({
      location: 'header Cache-Control',
      expected: 'no-store (the answer is someone’s data)',
      actual: String(headers['cache-control'] ?? '(none)'),
    });
  if (status >= 400 && !hasErrorObject(body)) {
    // Another shape altogether is one drift, not one per field of it.
    drift.push({
      location: 'body',
      expected: 'the platform’s error shape, {"error":{"code":…,"message":…}}',
      actual: shorten(JSON.stringify(redact(body)) ?? 'nothing'),
    });
    return drift;
  }
  const findings =
    conformance.findingsOf({
      endpoint: operation.endpoint,
      status,
      body: binary ? undefined : body,
    }) ?? [];
  for (const finding of findings) drift.push(placed(finding, body));
  return drift;
}

const hasErrorObject = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { error?: unknown }).error === 'object' &&
  (body as { error?: unknown }).error !== null;

/** A schema finding as a drift entry, an extra or missing property named by its own place. */
function placed({ at, rule }: { at: string; rule: string }, body: unknown): Drift {
  const extra = /^must NOT have additional properties '(.+)'$/.exec(rule)?.[1];
  const missing = /^must have required property '(.+)'$/.exec(rule)?.[1];
  const location = extra ? `${at}.${extra}` : missing ? `${at}.${missing}` : at;
  const expected = extra
    ? 'no such property (the contract’s object is closed)'
    : missing
      ? 'a required property'
      : rule;
  // A value under a secret name anywhere on its path (`body.apiKey.id`) is a secret.
  const secret = location.split('.').slice(1).some(isSecretName);
  const value = secret ? REDACTED : valueAt(body, location);
  return {
    location,
    expected,
    actual: value === undefined ? 'nothing' : shorten(JSON.stringify(redact(value))),
  };
}

/** The value at `body.a.0.b` in a parsed body (`undefined` when absent). */
function valueAt(body: unknown, at: string): unknown {
  let value = body;
  for (const key of at.split('.').slice(1)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const shorten = (text: string) =>
  text.length > ACTUAL_LIMIT ? `${text.slice(0, ACTUAL_LIMIT)}…` : text;
