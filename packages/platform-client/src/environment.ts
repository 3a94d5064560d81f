/**
 * Everything the client needs from its host, in one injectable object. The browser default
 * is `browserEnvironment()`; tests and non-browser hosts pass their own (see `node/`).
 */
export interface PlatformEnvironment {
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The page's address; relative request URLs resolve against it. */
  readonly location: { readonly href: string; assign(url: string): void };
  /** The `document.cookie` string (only the readable cookies, as in a browser). */
  readonly readCookies: () => string;
  /** Wall-clock milliseconds. */
  readonly now: () => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  /** Fills the array with cryptographically strong random values. */
  readonly getRandomValues: (array: Uint8Array) => Uint8Array;
  readonly console: Pick<Console, 'error' | 'warn' | 'info'>;
}

/** The environment of a page in a browser. */
export function browserEnvironment(): PlatformEnvironment {
  return {
    fetch: (input, init) => fetch(input, init),
    location: {
      get href() {
        return window.location.href;
      },
      assign: (url) => window.location.assign(url),
    },
    readCookies: () => document.cookie,
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    getRandomValues: (array) => crypto.getRandomValues(array),
    console,
  };
}
