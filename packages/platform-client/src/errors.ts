import type { ApiErrorBody } from '@ics/platform-contract';

/** What every error of the client carries about the request that failed. */
export interface RequestInfo {
  /** The HTTP method of the call, e.g. `GET`. */
  readonly method: string;
  /** The address called, with its query. */
  readonly url: string;
  /** The `X-Request-Id` sent with the call, to find it in server logs. */
  readonly requestId: string;
}

/** Base of every error the client raises. Guards compare `name`, so errors may cross frames. */
export class PlatformError extends Error {
  /**
   * The error's kind, e.g. `'HttpError'`; the `is…` guards compare it, so they work across frames
   * and bundles.
   */
  override name: string = 'PlatformError';
  /**
   * The call that failed; `undefined` for errors raised before any call (configuration, tokens,
   * extensions).
   */
  readonly request: RequestInfo | undefined;
  /**
   * An error with a message for people, the call that failed (if any) and the error that caused it
   * (`cause`).
   */
  constructor(message: string, options: { request?: RequestInfo; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.request = options.request;
  }
}

/** The server answered with a status outside 2xx. */
export class HttpError extends PlatformError {
  /** Always `'HttpError'` (`isHttpError` checks it). */
  override name = 'HttpError' as const;
  /** The answer's HTTP status, e.g. 403 or 503. */
  readonly status: number;
  /** The platform's error code from the body (`error.code`), when the body has one. */
  readonly code: string | undefined;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown;
  /**
   * The error of an answer with `status` and `body` to `request`; the message names the call, the
   * status and the platform's error message when the body has one.
   */
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
  /** Always `'NetworkError'` (`isNetworkError` checks it). */
  override name = 'NetworkError' as const;
}

/** No answer within the time-out. */
export class TimeoutError extends PlatformError {
  /** Always `'TimeoutError'` (`isTimeoutError` checks it). */
  override name = 'TimeoutError' as const;
}

/** A 2xx answer whose body is not what the contract promises (e.g. malformed JSON). */
export class InvalidResponseError extends PlatformError {
  /** Always `'InvalidResponseError'`. */
  override name = 'InvalidResponseError' as const;
}

/** The client is misconfigured or the platform's configuration lacks something it needs. */
export class ConfigurationError extends PlatformError {
  /** Always `'ConfigurationError'` (`isConfigurationError` checks it). */
  override name = 'ConfigurationError' as const;
}

/** A token response whose nonce or client id does not match the request's (PC-5.3). */
export class InsecureResponseError extends PlatformError {
  /** Always `'InsecureResponseError'` (`isInsecureResponseError` checks it). */
  override name = 'InsecureResponseError' as const;
  /**
   * The error with the platform's message, 'Communication to the server is not secure'; `cause`
   * says what did not match.
   */
  constructor(options: { cause?: unknown } = {}) {
    super('Communication to the server is not secure', options);
  }
}

/** The token obtained or held has already expired (PC-8.4). */
export class TokenExpiredError extends PlatformError {
  /** Always `'TokenExpiredError'` (`isTokenExpiredError` checks it). */
  override name = 'TokenExpiredError' as const;
  /** The error with the platform's message asking the user to sign in again. */
  constructor(options: { cause?: unknown } = {}) {
    super('JWT Token has already expired! Please login again to proceed.', options);
  }
}

/** Renewal failed after every retry (PC-8.3). */
export class TokenRenewalError extends PlatformError {
  /** Always `'TokenRenewalError'`. */
  override name = 'TokenRenewalError' as const;
  /** The error with the platform's message; `cause` is the last attempt's error. */
  constructor(options: { cause?: unknown } = {}) {
    super('Failed to renew JWT Token after 3 attempts', options);
  }
}

/** An extension whose version does not fit the host's (PC-5.4, PC-8.5). */
export class ExtensionCompatibilityError extends PlatformError {
  /** Always `'ExtensionCompatibilityError'`. */
  override name = 'ExtensionCompatibilityError' as const;
  /** The extension's name. */
  readonly extension: string;
  /** The extension's version, e.g. `2.3.0`. */
  readonly version: string;
  /** The host's version it was checked against. */
  readonly hostVersion: string;
  /**
   * The error for an extension whose version does not fit the host's; the message states the rule
   * (same major version, minor not above the host's).
   */
  constructor(options: { extension: string; version: string; hostVersion: string }) {
    super(
      `Extension '${options.extension}' version ${options.version} is not compatible with the ` +
        `host version ${options.hostVersion}: the major version must be equal and the minor ` +
        `version must not exceed the host's.`,
    );
    this.extension = options.extension;
    this.version = options.version;
    this.hostVersion = options.hostVersion;
  }
}

/** Every address of an extension script failed to load. */
export class ExtensionLoadError extends PlatformError {
  /** Always `'ExtensionLoadError'`. */
  override name = 'ExtensionLoadError' as const;
}

const isNamed =
  <T extends PlatformError>(name: string) =>
  (error: unknown): error is T =>
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;

/**
 * Whether `error` is an `HttpError` (by its `name`, so also one from another frame or bundle): the
 * server answered outside 2xx; read `status` and `code`.
 */
export const isHttpError = isNamed<HttpError>('HttpError');
/** Whether `error` is a `NetworkError` (by its `name`): the call got no answer at all. */
export const isNetworkError = isNamed<NetworkError>('NetworkError');
/** Whether `error` is a `TimeoutError` (by its `name`): no answer within the call's time-out. */
export const isTimeoutError = isNamed<TimeoutError>('TimeoutError');
/**
 * Whether `error` is a `ConfigurationError` (by its `name`): the client or the platform's
 * configuration lacks something.
 */
export const isConfigurationError = isNamed<ConfigurationError>('ConfigurationError');

function readApiError(body: unknown): ApiErrorBody['error'] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : undefined;
}
/** Whether an error is an InsecureResponseError (PC-5.3), also across frames. */
export const isInsecureResponseError = isNamed<InsecureResponseError>('InsecureResponseError');
/** Whether an error is a TokenExpiredError (PC-8.4), also across frames. */
export const isTokenExpiredError = isNamed<TokenExpiredError>('TokenExpiredError');
