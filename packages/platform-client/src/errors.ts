import type { ApiErrorBody } from '@ics/platform-contract';

/** What every error of the client carries about the request that failed. */
export interface RequestInfo {
  readonly method: string;
  readonly url: string;
  /** The `X-Request-Id` sent with the call, to find it in server logs. */
  readonly requestId: string;
}

/** Base of every error the client raises. Guards compare `name`, so errors may cross frames. */
export class PlatformError extends Error {
  override name: string = 'PlatformError';
  readonly request: RequestInfo | undefined;
  constructor(message: string, options: { request?: RequestInfo; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.request = options.request;
  }
}

/** The server answered with a status outside 2xx. */
export class HttpError extends PlatformError {
  override name = 'HttpError' as const;
  readonly status: number;
  /** The platform's error code from the body (`error.code`), when the body has one. */
  readonly code: string | undefined;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown;
  constructor(options: { status: number; body: unknown; request: RequestInfo }) {
    const apiError = readApiError(options.body);
    super(
      `${options.request.method} ${options.request.url} failed with ${options.status}` +
        (apiError ? `: ${apiError.message}` : ''),
      { request: options.request },
    );
    this.status = options.status;
    this.code = apiError?.code;
    this.body = options.body;
  }
}

/** The request never got an answer (offline, DNS, connection reset, CORS). */
export class NetworkError extends PlatformError {
  override name = 'NetworkError' as const;
}

/** No answer within the time-out. */
export class TimeoutError extends PlatformError {
  override name = 'TimeoutError' as const;
}

/** A 2xx answer whose body is not what the contract promises (e.g. malformed JSON). */
export class InvalidResponseError extends PlatformError {
  override name = 'InvalidResponseError' as const;
}

/** The client is misconfigured or the platform's configuration lacks something it needs. */
export class ConfigurationError extends PlatformError {
  override name = 'ConfigurationError' as const;
}

const isNamed =
  <T extends PlatformError>(name: string) =>
  (error: unknown): error is T =>
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;

export const isHttpError = isNamed<HttpError>('HttpError');
export const isNetworkError = isNamed<NetworkError>('NetworkError');
export const isTimeoutError = isNamed<TimeoutError>('TimeoutError');
export const isConfigurationError = isNamed<ConfigurationError>('ConfigurationError');

function readApiError(body: unknown): ApiErrorBody['error'] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : undefined;
}
