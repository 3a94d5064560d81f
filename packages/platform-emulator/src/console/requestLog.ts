import { backends, type AnyEndpoint } from '@ics/platform-contract';
import { Conformance } from '../conformance.ts';
import type { RequestDetail, RequestFilter, RequestSummary, Verdict } from './adminApi.ts';
import { operationAt } from '../http/operationTable.ts';
import { pathOf } from '../http/requestPath.ts';
import { redact, redactUrl } from '../redaction.ts';

/** Longest body kept per request and per answer; longer ones are not kept (the log's memory stays bounded). */
const BODY_LIMIT = 64 * 1024;

/** What the log keeps of one API request, as the emulator answered it. */
export interface RequestRecord {
  /** The HTTP method. */
  readonly method: string;
  /** Path and query, as requested. */
  readonly url: string;
  /** The answer's HTTP status. */
  readonly status: number;
  /** How long the answer took, in milliseconds. */
  readonly durationMs: number;
  /** The request id (`X-Request-Id`, also in the emulator's log lines). */
  readonly requestId: string;
  /** The session cookie's value or a bearer token: only to find the persona, never shown. */
  readonly credential?: { readonly session?: string; readonly bearer?: string };
  /** The request's parsed body (or its bytes); only its JSON text is kept, up to the limit. */
  readonly requestBody: unknown;
  /** The body's size as sent (`Content-Length`), when known: a larger one is not even read. */
  readonly requestBytes?: number;
  /** The answer as sent: JSON text, bytes or a stream (not kept). */
  readonly responsePayload: unknown;
}

interface Entry extends Omit<RequestRecord, 'requestBody'> {
  /** The request body's JSON text (or why it was not kept): never the parsed object. */
  readonly requestBody: string | Unreadable | undefined;
  readonly seq: number;
  readonly at: number;
}

const services = Object.entries(backends).map(([name, backend]) => ({
  name,
  prefix: `${backend.basePath}/`,
}));

/** Whether a path is one of the platform's API base paths: only those are logged. */
export const isApiPath = (url: string): boolean => services.some((s) => url.startsWith(s.prefix));

/**
 * The live request log: a ring buffer of the last `capacity` API requests. Recording keeps
 * references only; the persona, the conformance verdict and the redacted bodies are worked out
 * when someone looks (a listener, a list, a detail), so an unwatched log costs the emulator
 * next to nothing.
 */
export class RequestLog {
  readonly #entries: (Entry | undefined)[];
  #next = 0;
  readonly #listeners = new Set<(summary: RequestSummary) => void>();
  readonly #conformance = new Conformance();
  readonly #personas = new Map<string, string | undefined>();

  constructor(
    private readonly findPersona: (credential: {
      session?: string;
      userId?: string;
    }) => Promise<string | undefined>,
    readonly capacity = 500,
  ) {
    this.#entries = new Array<Entry | undefined>(capacity);
  }

  record(record: RequestRecord): void {
    const payload = record.responsePayload;
    // Only bodies the console can show are kept: memory stays within capacity × the limit.
    const kept =
      (typeof payload === 'string' || Buffer.isBuffer(payload)) && payload.length > BODY_LIMIT
        ? new Unreadable(`The answer is over ${BODY_LIMIT} bytes.`)
        : typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload)
          ? new Unreadable('The answer was streamed.')
          : payload;
    const entry: Entry = {
      ...record,
      requestBody: requestText(record.requestBody, record.requestBytes ?? 0),
      responsePayload: kept,
      seq: this.#next + 1,
      at: Date.now(),
    };
    this.#entries[this.#next % this.capacity] = entry;
    this.#next += 1;
    if (this.#listeners.size === 0) return;
    void this.#summary(entry).then((summary) => {
      for (const listener of this.#listeners) listener(summary);
    });
  }

  /** Calls `listener` with every request from now on; returns the unsubscribe function. */
  subscribe(listener: (summary: RequestSummary) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The requests still in the buffer that pass the filter, oldest first. */
  async list(filter: RequestFilter = {}): Promise<RequestSummary[]> {
    const summaries = await Promise.all(this.#kept().map((entry) => this.#summary(entry)));
    return summaries.filter((summary) => matches(summary, filter));
  }

  /** One request with its bodies, or `undefined` when it has left the buffer. */
  async get(seq: number): Promise<RequestDetail | undefined> {
    const entry = this.#kept().find((e) => e.seq === seq);
    if (!entry) return undefined;
    const shown = (body: unknown) => (body instanceof Unreadable ? `(${body.why})` : redact(body));
    return {
      ...(await this.#summary(entry)),
      requestBody: shown(bodyOf(entry.requestBody)),
      responseBody: shown(bodyOf(entry.responsePayload)),
    };
  }

  /** Empties the log. */
  clear(): void {
    this.#entries.fill(undefined);
  }

  #kept(): Entry[] {
    const kept: Entry[] = [];
    for (let i = Math.max(0, this.#next - this.capacity); i < this.#next; i++) {
      const entry = this.#entries[i % this.capacity];
      if (entry) kept.push(entry);
    }
    return kept;
  }

  async #summary(entry: Entry): Promise<RequestSummary> {
    const path = pathOf(entry.url);
    const operation = operationAt(entry.method, path);
    const persona = await this.#personaOf(entry.credential);
    return {
      seq: entry.seq,
      at: entry.at,
      method: entry.method,
      path: redactUrl(entry.url),
      service: services.find((s) => path.startsWith(s.prefix))?.name ?? 'other',
      ...(operation ? { operation: operation.id } : {}),
      status: entry.status,
      durationMs: entry.durationMs,
      requestId: entry.requestId,
      ...(persona ? { persona } : {}),
      conformance: this.#verdict(operation?.endpoint, entry),
    };
  }

  #verdict(endpoint: AnyEndpoint | undefined, entry: Entry): Verdict {
    if (!endpoint) return { verdict: 'not checked', why: 'No contract operation at this path.' };
    const body = bodyOf(entry.responsePayload);
    if (body instanceof Unreadable) return { verdict: 'not checked', why: body.why };
    const problems = this.#conformance.problemsOf({ endpoint, status: entry.status, body });
    if (!problems) return { verdict: 'not checked', why: 'A binary answer has no schema.' };
    return problems.length === 0
      ? { verdict: 'conforms' }
      : { verdict: 'mismatch', problems: [...problems] };
  }

  async #personaOf(credential: Entry['credential']): Promise<string | undefined> {
    const session = credential?.session;
    const userId = session ? undefined : userIdOf(credential?.bearer);
    const key = session ? `session:${session}` : userId && `user:${userId}`;
    if (!key) return undefined;
    if (this.#personas.has(key)) return this.#personas.get(key);
    const persona = await this.findPersona(session ? { session } : { userId }).catch(
      () => undefined,
    );
    if (this.#personas.size >= 1000) this.#personas.clear();
    this.#personas.set(key, persona);
    return persona;
  }
}

class Unreadable {
  constructor(readonly why: string) {}
}

/** A request body as the log keeps it: its JSON text up to the limit, or why it is not kept. */
function requestText(body: unknown, bytes: number): string | Unreadable | undefined {
  if (body === undefined || body === null) return undefined;
  if (Buffer.isBuffer(body)) return new Unreadable('The body is binary.');
  const tooLarge = new Unreadable(`The body is over ${BODY_LIMIT} bytes.`);
  if (bytes > BODY_LIMIT) return tooLarge;
  try {
    const text = JSON.stringify(body);
    return text.length > BODY_LIMIT ? tooLarge : text;
  } catch {
    // Nested deeper than the stack allows (the input guards refuse it): nothing to show.
    return new Unreadable('The body cannot be shown.');
  }
}

/** A body's JSON, `undefined` for an empty one, or why it cannot be read. */
function bodyOf(payload: unknown): unknown {
  if (payload === undefined || payload === null || payload === '') return undefined;
  if (payload instanceof Unreadable) return payload;
  const text =
    typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8')
        : undefined;
  if (text === undefined) return new Unreadable('The answer was streamed.');
  if (text.length > BODY_LIMIT) return new Unreadable(`The answer is over ${BODY_LIMIT} bytes.`);
  try {
    return JSON.parse(text);
  } catch {
    return new Unreadable('The answer is not JSON.');
  }
}

/** The `user_id` claim of a bearer JWT, read without verifying (only to name the persona). */
function userIdOf(bearer: string | undefined): string | undefined {
  const payload = bearer?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const id = (claims as { user_id?: unknown } | null)?.user_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function matches(summary: RequestSummary, filter: RequestFilter): boolean {
  if (filter.service && summary.service !== filter.service) return false;
  if (filter.persona && summary.persona !== filter.persona) return false;
  if (filter.status) {
    const status = String(summary.status);
    const pattern = filter.status.toLowerCase();
    if (/^\dxx$/.test(pattern) ? status[0] !== pattern[0] : status !== pattern) return false;
  }
  return true;
}
