/** One outgoing call as the middleware pipeline sees it. */
export interface OutgoingCall {
  readonly method: string;
  /** Absolute URL. */
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string | FormData | Blob | undefined;
  readonly signal: AbortSignal;
  readonly requestId: string;
  /** Calls of the login and renewal flows: an unauthenticated answer must not redirect. */
  readonly exemptFromAuthRedirect: boolean;
}

export type Send = (call: OutgoingCall) => Promise<Response>;

/**
 * A pipeline step: it may change the call before `next` (request phase, in pipeline order)
 * and look at the answer after it (response phase, in reverse order).
 */
export type Middleware = (call: OutgoingCall, next: Send) => Promise<Response>;

/** Composes middleware around a final sender, first middleware outermost. */
export function compose(middleware: readonly Middleware[], send: Send): Send {
  return middleware.reduceRight<Send>((next, step) => (call) => step(call, next), send);
}
