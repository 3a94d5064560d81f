import type { PlatformEnvironment } from '../environment.ts';

/**
 * The client's environment in Node (`nodeEnvironment`): a `PlatformEnvironment` whose cookies are
 * kept in memory, and that records where the "browser" was sent instead of going there.
 */
export interface NodeEnvironment extends PlatformEnvironment {
  /** Every address the client sent the "browser" to (redirects and logout), oldest first. */
  readonly navigations: readonly string[];
}

interface Cookie {
  readonly value: string;
  readonly httpOnly: boolean;
}

/**
 * The client's environment in Node.js: real `fetch`, with a cookie jar for one platform
 * origin that behaves as a browser's does for it (HttpOnly cookies are sent but not readable;
 * `Max-Age=0` and past `Expires` delete). Navigation is recorded, since Node has no page.
 * For scripts and tests that talk to a platform, or the emulator, over real HTTP.
 */
export function nodeEnvironment(options: { origin: string; page?: string }): NodeEnvironment {
  const origin = new URL(options.origin).origin;
  const jar = new Map<string, Cookie>();
  const navigations: string[] = [];
  let href = new URL(options.page ?? '/', origin).href;

  const store = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const lower = attributes.map((a) => a.trim().toLowerCase());
      const expired =
        lower.some((a) => a === 'max-age=0' || /^max-age=-/.test(a)) ||
        lower.some((a) => a.startsWith('expires=') && Date.parse(a.slice(8)) <= Date.now());
      if (expired) jar.delete(name);
      else
        jar.set(name, { value: pair.slice(eq + 1).trim(), httpOnly: lower.includes('httponly') });
    }
  };

  return {
    navigations,
    async fetch(input, init) {
      const url = new URL(input, href);
      const headers = new Headers(init.headers);
      if (url.origin === origin && jar.size > 0) {
        headers.set('Cookie', [...jar].map(([name, c]) => `${name}=${c.value}`).join('; '));
      }
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      if (url.origin === origin) store(response);
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
    readCookies: () =>
      [...jar]
        .filter(([, c]) => !c.httpOnly)
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; '),
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    getRandomValues: (array) => crypto.getRandomValues(array),
    console,
  };
}
