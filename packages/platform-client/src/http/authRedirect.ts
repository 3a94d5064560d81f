import { sameOriginPath } from '@ics/platform-contract';
import { ConfigurationError, isHttpError } from '../errors.ts';
import type { Middleware } from './pipeline.ts';

/** The platform's error code for an ended session, answered with status 400. */
const SESSION_ENDED_CODE = 'SS_001';

/** The identity service's sign-in page, unless the shell config names another. */
export const DEFAULT_IDENTITY_HOME_PATH = '/identity-service/home';

/** What `onUnauthenticated` is told when the session has ended. */
export interface UnauthenticatedEvent {
  /** The sign-in page, with the current page's path as `returnTo`. */
  readonly signInUrl: string;
}

/** What the client does when the user is not (or no longer) signed in. */
export interface SignOutOptions {
  identityHomePath: () => string;
  location: { readonly href: string; assign(url: string): void };
  /** Given: the application routes itself; the client navigates nowhere and calls reject. */
  onUnauthenticated?: (event: UnauthenticatedEvent) => void;
}

/**
 * A navigation target from the shell config (`identityHomePath`, `identityLogoutPath`):
 * a same-origin path, or a ConfigurationError — the client never navigates to
 * `javascript:`, another origin or a protocol-relative `//host` (docs/decisions/0931-navigation-and-redirect-guards.md).
 */
export function navigationPath(value: unknown, name: string): string {
  const path = sameOriginPath(value);
  if (!path) {
    throw new ConfigurationError(
      `Config ${name} is not a same-origin path: ${JSON.stringify(value)}`,
    );
  }
  return path;
}

/**
 * `path` with `returnTo` set to a same-origin path; an unsafe or missing `returnTo` is left out,
 * so the sign-in page's own default applies.
 */
export function withReturnTo(path: string, returnTo: string | undefined): string {
  const url = new URL(path, 'http://p.invalid');
  const back = sameOriginPath(returnTo);
  if (back) url.searchParams.set('returnTo', back);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page's own path, query and fragment, to come back to. */
export const pagePath = (href: string): string => {
  const url = new URL(href);
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * The address of the sign-in page that brings the browser back to `returnTo`, a same-origin
 * path (an unsafe one is left out); `identityHomePath` defaults to the identity service's
 * (the shell config's is `(await client.shell.getConfig()).identityHomePath`).
 */
export function signInUrl(
  returnTo: string | undefined,
  identityHomePath: string = DEFAULT_IDENTITY_HOME_PATH,
): string {
  return withReturnTo(navigationPath(identityHomePath, 'identityHomePath'), returnTo);
}

/**
 * Handles an ended session once per client, however many calls meet it: sends the browser to
 * the sign-in page with the page's path as `returnTo`, or hands that address to the
 * application's `onUnauthenticated`. Returns whether the caller should leave its call pending
 * (the page is going away), false when the application routes itself or the page already is
 * the sign-in page.
 */
export function signOutHandler(options: SignOutOptions): () => boolean {
  let handled = false;
  return () => {
    const home = navigationPath(options.identityHomePath(), 'identityHomePath');
    const href = options.location.href;
    if (new URL(href).pathname.startsWith(new URL(home, href).pathname)) return false;
    const notify = options.onUnauthenticated;
    if (!handled) {
      handled = true;
      const url = withReturnTo(home, pagePath(href));
      if (notify) notify({ signInUrl: url });
      else options.location.assign(url);
    }
    return !notify;
  };
}

/**
 * On a 401, or a 400 with code SS_001, runs the sign-out handler. Without `onUnauthenticated`
 * the pending call stays unsettled: the page is going away, and no caller should render an
 * error for it (PC-2.1, PC-7.2). With it, or on the sign-in page itself, the call rejects with
 * its HttpError. Calls of the login and renewal flows are exempt.
 */
export function authRedirect(signedOut: () => boolean): Middleware {
  return async (call, next) => {
    const response = await next(call);
    if (call.exemptFromAuthRedirect || !(await isUnauthenticated(response))) return response;
    return signedOut() ? new Promise<never>(() => {}) : response;
  };
}

/** Whether an error says the user is not signed in: a 401, or a 400 with code SS_001. */
export const isSignedOutError = (error: unknown): boolean =>
  isHttpError(error) &&
  (error.status === 401 || (error.status === 400 && error.code === SESSION_ENDED_CODE));

async function isUnauthenticated(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  try {
    const body = (await response.clone().json()) as { error: { code: unknown } };
    return body.error.code === SESSION_ENDED_CODE;
  } catch {
    // not JSON, or without an error object: not the session-ended answer
  }
  return false;
}
