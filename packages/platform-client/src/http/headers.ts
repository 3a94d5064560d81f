import type { Middleware } from './pipeline.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** X-Requested-With and the correlation headers on every call (PC-7.1). */
export function correlationHeaders(correlationId: string): Middleware {
  return (call, next) => {
    call.headers.set('X-Requested-With', 'XMLHttpRequest');
    call.headers.set('X-Request-Id', call.requestId);
    call.headers.set('X-Correlation-Id', correlationId);
    return next(call);
  };
}

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined; // the first cookie of that name decides, even when it is malformed
    }
  }
  return undefined;
}

/**
 * Whether a request URL may receive the XSRF token: only http(s) on the page's own origin
 * or on an origin the application configured as a platform origin. Origins are compared
 * whole (scheme, host and port), so `https://shell.example.com.evil.test` never matches.
 */
export function isTrustedOrigin(
  url: URL,
  pageOrigin: string,
  platformOrigins: readonly string[],
): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.origin === pageOrigin || platformOrigins.includes(url.origin);
}

/** The XSRF header, from the readable cookie, only to trusted origins (PC-7.1). */
export function xsrfHeader(options: {
  readCookies: () => string;
  pageOrigin: () => string;
  platformOrigins: readonly string[];
}): Middleware {
  return (call, next) => {
    if (isTrustedOrigin(call.url, options.pageOrigin(), options.platformOrigins)) {
      const token = readCookie(options.readCookies(), XSRF_COOKIE);
      if (token) call.headers.set(XSRF_HEADER, token);
    } else {
      call.headers.delete(XSRF_HEADER);
    }
    return next(call);
  };
}
