import type { ApiErrorBody } from '@ics/platform-contract';

/**
 * An answer other than success, with the platform's JSON error body. Every layer (routes,
 * policy, stores, auth) throws these; the app's error handler turns them into the answer.
 */
export class ApiError extends Error {
  override name = 'ApiError' as const;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ApiErrorBody['error']['details'],
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const badRequest = (target: string, message: string) =>
  new ApiError(400, 'VALIDATION', message, [{ target, message }]);
export const forbidden = (why: string) => new ApiError(403, 'FORBIDDEN', why);
export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} does not exist.`);
export const conflict = (why: string) => new ApiError(409, 'CONFLICT', why);
