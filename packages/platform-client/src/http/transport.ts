import type { PlatformEnvironment } from '../environment.ts';
import {
  HttpError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  type RequestInfo,
} from '../errors.ts';
import { generateId } from '../ids.ts';
import { authRedirect } from './authRedirect.ts';
import { correlationHeaders, xsrfHeader } from './headers.ts';
import { compose, type Middleware, type OutgoingCall, type Send } from './pipeline.ts';

export interface TransportOptions {
  readonly environment: PlatformEnvironment;
  /** Origins besides the page's own that may receive the XSRF token. */
  readonly platformOrigins?: readonly string[];
  /** Milliseconds before a call fails with `TimeoutError`. Default 30000. */
  readonly timeoutMs?: number;
  /** Where unauthenticated answers send the browser. */
  readonly identityHomePath: () => string;
}

export interface TransportRequest {
  readonly method: string;
  /** Absolute, or relative to the page. */
  readonly url: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Plain values are sent as JSON; FormData and Blob as they are. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  readonly exemptFromAuthRedirect?: boolean;
  /** Added to the call's headers (e.g. `Authorization` for bearer-token services). */
  readonly headers?: Readonly<Record<string, string>>;
  /** `'blob'`: a successful answer resolves as a `Blob` (binary downloads). */
  readonly responseType?: 'blob';
}

/** Sends calls through the middleware pipeline and turns answers into values or typed errors. */
export class Transport {
  readonly #environment: PlatformEnvironment;
  readonly #timeoutMs: number;
  readonly #send: Send;

  constructor(options: TransportOptions) {
    const env = options.environment;
    this.#environment = env;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    const middleware: Middleware[] = [
      correlationHeaders(generateId(env.getRandomValues)),
      xsrfHeader({
        readCookies: env.readCookies,
        pageOrigin: () => new URL(env.location.href).origin,
        platformOrigins: (options.platformOrigins ?? []).map((o) => new URL(o).origin),
      }),
      authRedirect({ identityHomePath: options.identityHomePath, location: env.location }),
    ];
    this.#send = compose(middleware, (call) =>
      env.fetch(call.url.href, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: call.signal,
        credentials: 'include',
      }),
    );
  }

  /** Sends one call; resolves with the parsed body (`undefined` for an empty one). */
  async request(request: TransportRequest): Promise<unknown> {
    const env = this.#environment;
    const url = new URL(request.url, env.location.href);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ Accept: 'application/json' });
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    if (request.responseType === 'blob') headers.set('Accept', '*/*');
    let body: OutgoingCall['body'];
    if (request.body instanceof FormData || request.body instanceof Blob) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const timeout = new AbortController();
    const timer = env.setTimeout(() => timeout.abort(), this.#timeoutMs);
    const signals = request.signal ? [request.signal, timeout.signal] : [timeout.signal];
    const call: OutgoingCall = {
      method: request.method,
      url,
      headers,
      body,
      signal: AbortSignal.any(signals),
      requestId: generateId(env.getRandomValues),
      exemptFromAuthRedirect: request.exemptFromAuthRedirect ?? false,
    };
    const info: RequestInfo = { method: call.method, url: url.href, requestId: call.requestId };
    try {
      const response = await this.#send(call);
      if (request.responseType === 'blob' && response.ok) return await response.blob();
      return await readAnswer(response, info);
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (timeout.signal.aborted) {
        throw new TimeoutError(
          `${info.method} ${info.url} got no answer within ${this.#timeoutMs} ms`,
          { request: info },
        );
      }
      if (error instanceof TypeError) {
        throw new NetworkError(`${info.method} ${info.url} could not reach the server`, {
          request: info,
          cause: error,
        });
      }
      throw error;
    } finally {
      env.clearTimeout(timer);
    }
  }
}

async function readAnswer(response: Response, info: RequestInfo): Promise<unknown> {
  const text = await response.text();
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
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
