import { backends, type AnyEndpoint } from '@ics/platform-contract';
import { endpoints } from '../faults.ts';
import { Conformance } from '../conformance.ts';
import { redact, redactUrl } from '../redaction.ts';

/** Longest body kept per answer; longer ones are cut (the log's memory stays bounded). */
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
  readonly requestBody: unknown;
  /** The answer as sent: JSON text, bytes or a stream (not kept). */
  readonly responsePayload: unknown;
}

/** A conformance verdict: the answer matched its endpoint's schema, did not, or has none. */
export type Verdict =
  | { readonly verdict: 'conforms' }
  | { readonly verdict: 'mismatch'; readonly problems: readonly string[] }
  | { readonly verdict: 'not checked'; readonly why: string };

/** One request as the console shows it. */
export interface RequestSummary {
  /** Increases by one per request; the log's key. */
  readonly seq: number;
  /** When it was answered, on the host's clock (epoch ms). */
  readonly at: number;
  /** The HTTP method. */
  readonly method: string;
  /** The path, without the query. */
  readonly path: string;
  /** The backend (`shell`, `session`, …) by its base path. */
  readonly service: string;
  /** The contract operation as `<group>.<name>`, when one matches. */
  readonly operation?: string;
  /** The answer's HTTP status. */
  readonly status: number;
  /** How long the answer took, in milliseconds. */
  readonly durationMs: number;
  /** The request id (`X-Request-Id`, also in the emulator's log lines). */
  readonly requestId: string;
  /** The signed-in persona's display name, when the request carried a known credential. */
  readonly persona?: string;
  /**
   * Whether the answer matched the contract, did not (with the problems), or was not checked (and
   * why).
   */
  readonly conformance: Verdict;
}

/** A request with both bodies, secrets and tokens redacted. */
export interface RequestDetail extends RequestSummary {
  /** The request's JSON body, secrets and tokens redacted; absent when it had none. */
  readonly requestBody?: unknown;
  /** The answer's JSON body, secrets and tokens redacted; absent when it had none. */
  readonly responseBody?: unknown;
}

/** Which requests the console's log lists; every field given must match. */
export interface RequestFilter {
  /** The backend by name (`shell`, `session`, …). */
  readonly service?: string;
  /** `404`, or a class such as `4xx`. */
  readonly status?: string;
  /** The signed-in persona's display name. */
  readonly persona?: string;
}

interface Entry extends RequestRecord {
  readonly seq: number;
  readonly at: number;
}

const services = Object.entries(backends).map(([name, backend]) => ({
  name,
  prefix: `${backend.basePath}/`,
}));

const operations = endpoints;

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
    const entry: Entry = Object.assign(record, {
      responsePayload: kept,
      seq: this.#next + 1,
      at: Date.now(),
    });
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
    const responseBody = bodyOf(entry.responsePayload);
    return {
      ...(await this.#summary(entry)),
      requestBody: redact(entry.requestBody),
      responseBody:
        responseBody instanceof Unreadable ? `(${responseBody.why})` : redact(responseBody),
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
    const path = entry.url.split('?')[0] ?? '';
    const operation = operations.find((o) => o.method === entry.method && o.pattern.test(path));
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
    return problems.length === 0 ? { verdict: 'conforms' } : { verdict: 'mismatch', problems };
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

/** The answer's JSON, `undefined` for an empty one, or why it cannot be read. */
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
