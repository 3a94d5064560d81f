import { Cookie, CookieJar, getPublicSuffix } from 'tough-cookie';

/**
 * A browser's cookie store for one Node.js "page" (RFC 6265): tough-cookie's parsing, Domain
 * and Path matching and public-suffix rules, with Secure sent over https only (the RFC's rule,
 * without the localhost exception of browsers), SameSite decided by whether the request is
 * same-site with the page, and expiry on the environment's clock: Max-Age and Expires become
 * one expiry time when the cookie is received, and a cookie past it is neither sent nor read.
 */
export interface NodeCookieJar {
  /** Stores the `Set-Cookie` headers of a response from `url`, fetched by the page at `page`. */
  receive(url: URL, page: URL, headers: readonly string[]): void;
  /** The `Cookie` header for a request to `url` made by the page at `page`; '' for none. */
  header(url: URL, page: URL): string;
  /** What the page's script reads (`document.cookie`): no HttpOnly cookie. */
  script(page: URL): string;
}

/** The registrable domain ("site") of a URL: `a.example.com` and `b.example.com` share one. */
const siteOf = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return `${url.protocol}//${getPublicSuffix(host, { ignoreError: true }) ?? host}`;
};
const context = (url: URL, page: URL) => (siteOf(url) === siteOf(page) ? 'strict' : 'none');

/** A jar whose expiry reads `now` (ms since the epoch). */
export function nodeCookieJar(now: () => number): NodeCookieJar {
  const jar = new CookieJar(undefined, { allowSecureOnLocal: false });
  const live = (url: URL, options: { http: boolean; sameSiteContext?: 'strict' | 'none' }) => {
    const at = now();
    const cookies = jar.getCookiesSync(url.href, { ...options, expire: false, sort: true });
    const expired = cookies.filter((c) => c.expires instanceof Date && c.expires.getTime() <= at);
    for (const c of expired) jar.store.removeCookie(c.domain, c.path, c.key, () => {});
    return cookies.filter((c) => !expired.includes(c)).map((c) => c.cookieString());
  };
  return {
    receive(url, page, headers) {
      const at = now();
      for (const header of headers) {
        const cookie = Cookie.parse(header);
        if (!cookie) continue;
        // RFC 6265 5.3 step 3: Max-Age wins over Expires and counts from now (0 or less: the
        // earliest time), so expiry is one date on this clock.
        if (typeof cookie.maxAge === 'number') {
          cookie.expires = new Date(cookie.maxAge <= 0 ? 0 : at + cookie.maxAge * 1000);
          cookie.maxAge = null;
        }
        // A cookie the RFC ignores (another domain, a public suffix, Secure over http…).
        jar.setCookieSync(cookie, url.href, {
          ignoreError: true,
          now: new Date(at),
          sameSiteContext: context(url, page),
        });
      }
    },
    header: (url, page) =>
      live(url, { http: true, sameSiteContext: context(url, page) }).join('; '),
    script: (page) => live(page, { http: false }).join('; '),
  };
}
