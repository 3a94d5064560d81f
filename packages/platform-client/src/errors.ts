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

/** A token response whose nonce or client id does not match the request's (PC-5.3). */
export class InsecureResponseError extends PlatformError {
  override name = 'InsecureResponseError' as const;
  constructor(options: { cause?: unknown } = {}) {
    super('Communication to the server is not secure', options);
  }
}

/** The token obtained or held has already expired (PC-8.4). */
export class TokenExpiredError extends PlatformError {
  override name = 'TokenExpiredError' as const;
  constructor(options: { cause?: unknown } = {}) {
    super('JWT Token has already expired! Please login again to proceed.', options);
  }
}

/** Renewal failed after every retry (PC-8.3). */
export class TokenRenewalError extends PlatformError {
  override name = 'TokenRenewalError' as const;
  constructor(options: { cause?: unknown } = {}) {
    super('Failed to renew JWT Token after 3 attempts', options);
  }
}

/** An extension whose version does not fit the host's (PC-5.4, PC-8.5). */
export class ExtensionCompatibilityError extends PlatformError {
  override name = 'ExtensionCompatibilityError' as const;
  readonly extension: string;
  readonly version: string;
  readonly hostVersion: string;
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
  override name = 'ExtensionLoadError' as const;
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
/** Whether an error is an InsecureResponseError (PC-5.3), also across frames. */
export const isInsecureResponseError = isNamed<InsecureResponseError>('InsecureResponseError');
/** Whether an error is a TokenExpiredError (PC-8.4), also across frames. */
export const isTokenExpiredError = isNamed<TokenExpiredError>('TokenExpiredError');
