import type { PlatformEnvironment } from '../environment.ts';
import {
  HttpError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  type RequestInfo,
} from '../errors.ts';
import { generateId } from '../ids.ts';
import { authRedirect, signOutHandler, type UnauthenticatedEvent } from './authRedirect.ts';
import { ResponseCache } from './cache.ts';
import { correlationHeaders, XSRF_HEADER, xsrfHeader } from './headers.ts';
import { compose, type Middleware, type OutgoingCall, type Send } from './pipeline.ts';

export interface TransportOptions {
  readonly environment: PlatformEnvironment;
  /** Origins besides the page's own that may receive the XSRF token. */
  readonly platformOrigins?: readonly string[];
  /** Milliseconds before a call fails with `TimeoutError`. Default 30000. */
  readonly timeoutMs?: number;
  /** Where unauthenticated answers send the browser. */
  readonly identityHomePath: () => string;
  /** Given: unauthenticated answers call it (once) instead of navigating, and calls reject. */
  readonly onUnauthenticated?: (event: UnauthenticatedEvent) => void;
  /** Automatic retries of idempotent calls; default `{ limit: 2, delayMs: 500 }`. */
  readonly retry?: RetryOptions;
}

/** How idempotent calls (GET, PUT, DELETE, HEAD, OPTIONS) are retried; POST and PATCH never are. */
export interface RetryOptions {
  /** Retries after the first attempt; default 2. 0 turns retries off. */
  readonly limit?: number;
  /** First back-off in ms, doubled for each retry; default 500. */
  readonly delayMs?: number;
  /** Longest wait, also for `Retry-After`; default 30000 (a longer `Retry-After` is not retried). */
  readonly maxDelayMs?: number;
}

/** Statuses worth another try: the server or a proxy may answer differently in a moment. */
const TRANSIENT_STATUSES = new Set([408, 429, 502, 503, 504]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface TransportRequest {
  readonly method: string;
  /** Absolute, or relative to the page. */
  readonly url: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Plain values are sent as JSON; FormData and Blob as they are. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  readonly exemptFromAuthRedirect?: boolean;
  /** Serve a GET from the response cache (PC-9.4); which calls do is decided in `createPlatformClient`. */
  readonly cache?: boolean;
  /** Extra request headers (e.g. `Authorization` for bearer-token services). */
  readonly headers?: Readonly<Record<string, string>>;
  /** `'blob'`: a successful answer resolves as a `Blob` (binary downloads). */
  readonly responseType?: 'blob';
}

/** Sends calls through the middleware pipeline and turns answers into values or typed errors. */
export class Transport {
  readonly #environment: PlatformEnvironment;
  readonly #timeoutMs: number;
  readonly #send: Send;
  readonly #retry: Required<RetryOptions>;
  readonly #cache: ResponseCache;
  /**
   * Handles an ended session once per client (navigation or `onUnauthenticated`); true when
   * the page is going away. Shared with the session manager's renewal failures.
   */
  readonly signedOut: () => boolean;

  constructor(options: TransportOptions) {
    const env = options.environment;
    this.#environment = env;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#retry = {
      limit: options.retry?.limit ?? 2,
      delayMs: options.retry?.delayMs ?? 500,
      maxDelayMs: options.retry?.maxDelayMs ?? 30_000,
    };
    this.#cache = new ResponseCache({ now: env.now });
    this.signedOut = signOutHandler({
      identityHomePath: options.identityHomePath,
      location: env.location,
      onUnauthenticated: options.onUnauthenticated,
    });
    const middleware: Middleware[] = [
      correlationHeaders(generateId(env.getRandomValues)),
      xsrfHeader({
        readCookies: env.readCookies,
        pageOrigin: () => new URL(env.location.href).origin,
        platformOrigins: (options.platformOrigins ?? []).map((o) => new URL(o).origin),
      }),
      authRedirect(this.signedOut),
    ];
    this.#send = compose(middleware, (call) => sendGuarded(env, call));
  }

  /** Sends one call; resolves with the parsed body (`undefined` for an empty one). */
  request(request: TransportRequest): Promise<unknown> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // A change on the server may change any cached answer: forget them all.
      return this.#request(request).then((value) => {
        this.#cache.clear();
        return value;
      });
    }
    if (!request.cache) return this.#request(request);
    const url = this.#url(request).href;
    // The shared request runs without the caller's signal, so one caller's abort cannot
    // fail the others; each caller still stops waiting when its own signal aborts.
    const shared = this.#cache.get(url, () => this.#request({ ...request, signal: undefined }));
    return request.signal ? abortable(shared, request.signal) : shared;
  }

  /** Forgets every cached answer: on logout and when the user or organisation changes. */
  clearCache(): void {
    this.#cache.clear();
  }

  #url(request: TransportRequest): URL {
    const url = new URL(request.url, this.#environment.location.href);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  async #request(request: TransportRequest): Promise<unknown> {
    const env = this.#environment;
    const url = this.#url(request);
    const headers = new Headers({ Accept: 'application/json', ...request.headers });
    if (request.responseType === 'blob') headers.set('Accept', '*/*');
    let body: OutgoingCall['body'];
    if (request.body instanceof FormData || request.body instanceof Blob) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const requestId = generateId(env.getRandomValues);
    const info: RequestInfo = { method: request.method, url: url.href, requestId };
    const retries = IDEMPOTENT_METHODS.has(request.method) ? this.#retry.limit : 0;
    for (let attempt = 0; ; attempt++) {
      request.signal?.throwIfAborted();
      const timeout = new AbortController();
      const timer = env.setTimeout(() => timeout.abort(), this.#timeoutMs);
      const signals = request.signal ? [request.signal, timeout.signal] : [timeout.signal];
      const call: OutgoingCall = {
        method: request.method,
        url,
        headers: new Headers(headers),
        body,
        signal: AbortSignal.any(signals),
        requestId,
        exemptFromAuthRedirect: request.exemptFromAuthRedirect ?? false,
      };
      let response: Response;
      try {
        response = await this.#send(call);
      } catch (error) {
        env.clearTimeout(timer);
        if (request.signal?.aborted) throw request.signal.reason;
        const failure = timeout.signal.aborted
          ? new TimeoutError(
              `${info.method} ${info.url} got no answer within ${this.#timeoutMs} ms`,
              {
                request: info,
              },
            )
          : error instanceof TypeError
            ? new NetworkError(`${info.method} ${info.url} could not reach the server`, {
                request: info,
                cause: error,
              })
            : error;
        if (attempt < retries && failure !== error) {
          await this.#wait(this.#backoff(attempt), request.signal);
          continue;
        }
        throw failure;
      }
      try {
        if (attempt < retries && TRANSIENT_STATUSES.has(response.status)) {
          const delay =
            retryAfter(response.headers.get('Retry-After'), env.now()) ?? this.#backoff(attempt);
          if (delay <= this.#retry.maxDelayMs) {
            await response.body?.cancel().catch(() => undefined);
            env.clearTimeout(timer);
            await this.#wait(delay, request.signal);
            continue;
          }
        }
        if (request.responseType === 'blob' && response.ok) return await response.blob();
        return await readAnswer(response, info);
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (timeout.signal.aborted && !(error instanceof HttpError)) {
          throw new TimeoutError(
            `${info.method} ${info.url} got no answer within ${this.#timeoutMs} ms`,
            {
              request: info,
            },
          );
        }
        throw error;
      } finally {
        env.clearTimeout(timer);
      }
    }
  }

  #backoff(attempt: number): number {
    return Math.min(this.#retry.delayMs * 2 ** attempt, this.#retry.maxDelayMs);
  }

  /** Waits between attempts; an abort ends the wait and clears its timer, and no retry follows it. */
  #wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    let handle: unknown;
    const wait = new Promise<void>((resolve) => {
      handle = this.#environment.setTimeout(resolve, ms);
    });
    if (!signal) return wait;
    return abortable(wait, signal).catch((reason: unknown) => {
      this.#environment.clearTimeout(handle);
      throw reason;
    });
  }
}

/**
 * Sends a call. One carrying the XSRF token follows no redirect (`redirect: 'manual'`): a
 * redirect could carry the token to another origin (docs/decisions/0931-navigation-and-redirect-guards.md), and the platform's
 * calls are not redirected, so a redirect answer rejects with NetworkError instead.
 */
async function sendGuarded(env: PlatformEnvironment, call: OutgoingCall): Promise<Response> {
  const guarded = call.headers.has(XSRF_HEADER);
  const response = await env.fetch(call.url.href, {
    method: call.method,
    headers: call.headers,
    body: call.body,
    signal: call.signal,
    credentials: 'include',
    redirect: guarded ? 'manual' : 'follow',
  });
  if (guarded && (response.type === 'opaqueredirect' || REDIRECTS.has(response.status))) {
    throw new NetworkError(`${call.method} ${call.url.href} was redirected: not followed (XSRF)`);
  }
  return response;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), if it is valid. */
export function retryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function readAnswer(response: Response, info: RequestInfo): Promise<unknown> {
  const text = await response.text();
  const isJson = response.headers.get('Content-Type')?.includes('json') === true;
  let body: unknown = text === '' ? undefined : text;
  if (isJson && text !== '') {
    try {
      body = JSON.parse(text);
    } catch (cause) {
      if (response.ok) {
        throw new InvalidResponseError(`${info.method} ${info.url} answered with malformed JSON`, {
          request: info,
          cause,
        });
      }
    }
  }
  if (!response.ok) throw new HttpError({ status: response.status, body, request: info });
  return body;
}
