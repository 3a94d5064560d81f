import { nodeCookieJar } from './cookieJar.ts';
import type { PlatformEnvironment } from '../environment.ts';

/**
 * The client's environment in Node (`nodeEnvironment`): a `PlatformEnvironment` whose cookies are
 * kept in memory, and that records where the "browser" was sent instead of going there.
 */
export interface NodeEnvironment extends PlatformEnvironment {
  /** Every address the client sent the "browser" to (redirects and logout), oldest first. */
  readonly navigations: readonly string[];
}

/** Options of `nodeEnvironment`. */
export interface NodeEnvironmentOptions {
  /** The platform's origin: relative addresses are resolved against it. */
  readonly origin: string;
  /** The page the client runs in, relative to `origin`; default `/`. */
  readonly page?: string;
  /**
   * The wall clock, ms since the epoch; default `Date.now`. Cookie expiry (`Max-Age`,
   * `Expires`) and the client's own timing read it.
   */
  readonly now?: () => number;
}

/**
 * The client's environment in Node.js: real `fetch`, with a cookie jar that follows RFC 6265
 * as a browser's does (`Domain`, `Path`, `Secure` only over https, `SameSite` against the
 * page's site, `Max-Age` and `Expires` on `now`, HttpOnly cookies sent but not readable).
 * Navigation is recorded, since Node has no page. For scripts and tests that talk to a
 * platform, or the emulator, over real HTTP.
 */
export function nodeEnvironment(options: NodeEnvironmentOptions): NodeEnvironment {
  const origin = new URL(options.origin).origin;
  const now = options.now ?? (() => Date.now());
  const jar = nodeCookieJar(now);
  const navigations: string[] = [];
  let href = new URL(options.page ?? '/', origin).href;

  return {
    navigations,
    async fetch(input, init) {
      const url = new URL(input, href);
      const page = new URL(href);
      const headers = new Headers(init.headers);
      const cookies = jar.header(url, page);
      if (cookies) headers.set('Cookie', cookies);
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      jar.receive(url, page, response.headers.getSetCookie());
      return response;
    },
    location: {
      get href() {
        return href;
      },
      assign(url) {
        href = new URL(url, href).href;
        navigations.push(href);
      },
    },
    readCookies: () => jar.script(new URL(href)),
    now,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    getRandomValues: (array) => crypto.getRandomValues(array),
    console,
  };
}
