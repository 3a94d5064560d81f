import type { Middleware } from './pipeline.ts';

/** The platform's error code for an ended session, answered with status 400. */
export const SESSION_ENDED_CODE = 'SS_001';

/**
 * On a 401, or a 400 with code SS_001, sends the browser to the identity home path once per
 * client, however many calls fail at once, and leaves the pending call unsettled: the page is
 * going away, and no caller should render an error for it (PC-2.1, PC-7.2). Calls of the
 * login and renewal flows are exempt, and so is every call made while already on that path.
 */
export function authRedirect(options: {
  identityHomePath: () => string;
  location: { readonly href: string; assign(url: string): void };
}): Middleware {
  let redirected = false;
  return async (call, next) => {
    const response = await next(call);
    if (call.exemptFromAuthRedirect || !(await isUnauthenticated(response))) return response;
    const home = options.identityHomePath();
    if (new URL(options.location.href).pathname.startsWith(home)) return response;
    if (!redirected) {
      redirected = true;
      options.location.assign(home);
    }
    return new Promise<never>(() => {});
  };
}

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
