import { TIME_WORKER_PATH } from '@ics/platform-contract';
import { ConfigurationError } from './errors.ts';
import { pageRegistry, type ExtensionRegistry } from './extensions/pageRegistry.ts';

/**
 * Everything the client needs from its host, in one injectable object. The browser default
 * is `browserEnvironment()`; tests and non-browser hosts pass their own (see `node/`).
 * The optional members have safe fallbacks: without them the client works in one tab only,
 * with normal timers, and loads no extensions.
 */
export interface PlatformEnvironment {
  /**
   * Sends a request (the global `fetch`); the client always passes `credentials: 'same-origin'`,
   * its headers and its abort signal.
   */
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The page's address; relative request URLs resolve against it. */
  readonly location: { readonly href: string; assign(url: string): void };
  /** The `document.cookie` string (only the readable cookies, as in a browser). */
  readonly readCookies: () => string;
  /** Wall-clock milliseconds. */
  readonly now: () => number;
  /** Calls `callback` once after `ms` milliseconds and returns a handle for `clearTimeout`. */
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  /** Cancels a timer `setTimeout` started. */
  readonly clearTimeout: (handle: unknown) => void;
  /** Fills the array with cryptographically strong random values. */
  readonly getRandomValues: (array: Uint8Array) => Uint8Array;
  /**
   * Where the client reports what it skipped or could not do (never secrets); default `console`.
   */
  readonly console: Pick<Console, 'error' | 'warn' | 'info'>;
  /** Opens a channel shared by the pages of the origin (`BroadcastChannel`); absent: one tab. */
  readonly openChannel?: (name: string) => ChannelLike | undefined;
  /** Web Locks (`navigator.locks`); absent: the channel-based fallback is used. */
  readonly locks?: LockManagerLike;
  /** Starts the time worker (PC-9.11); absent or failing: normal timers. */
  readonly createWorker?: () => WorkerLike | undefined;
  /** Listens to a page event (window or document) and returns how to stop listening. */
  readonly listen?: (
    target: 'window' | 'document',
    type: string,
    listener: (event: unknown) => void,
    options: AddEventListenerOptions,
  ) => () => void;
  /** Whether the page is shown (`document.visibilityState === 'visible'`). */
  readonly isVisible?: () => boolean;
  /**
   * Adds a script element for `url`, with `integrity` and `crossorigin` when given, and settles
   * when it loads or fails (an integrity mismatch fails).
   */
  readonly loadScript?: (
    url: string | ScriptUrl,
    signal: AbortSignal,
    attributes?: ScriptAttributes,
  ) => Promise<void>;
  /** `window.trustedTypes` when the browser has Trusted Types. */
  readonly trustedTypes?: TrustedTypesLike;
  /**
   * The page's extension registry, shared by every client in the page and by the extensions'
   * `defineExtension`; absent: each loader keeps its own (no script runs without `loadScript`).
   */
  readonly extensions?: ExtensionRegistry;
}

/** The attributes an extension script element gets besides its address. */
export interface ScriptAttributes {
  /** Subresource integrity, e.g. `sha384-…`. */
  readonly integrity?: string;
  /** The element's `crossorigin`; the loader passes `'anonymous'` with an integrity. */
  readonly crossOrigin?: 'anonymous' | 'use-credentials';
}

/** A script URL that passed a Trusted Types policy (a `TrustedScriptURL` in browsers). */
export interface ScriptUrl {
  /** The address itself. */
  toString(): string;
}

/** The part of `window.trustedTypes` the extension loader uses. */
export interface TrustedTypesLike {
  /**
   * Creates a named Trusted Types policy whose `createScriptURL` checks an address and passes it
   * on.
   */
  createPolicy(
    name: string,
    rules: { createScriptURL: (input: string) => string },
  ): { createScriptURL(input: string): ScriptUrl };
}

/** The part of `BroadcastChannel` the client uses. */
export interface ChannelLike {
  /** Sends a message to the other pages of the origin (not to this one). */
  postMessage(message: unknown): void;
  /** Listens to the messages the other pages send. */
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** Stops sending and receiving. */
  close(): void;
}

/** The part of `navigator.locks` the client uses. */
export interface LockManagerLike {
  /**
   * Runs `callback` while holding the lock `name`, across the origin's pages, and resolves with its
   * result.
   */
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of `Worker` the time worker uses. */
export interface WorkerLike {
  /** Sends a message to the worker. */
  postMessage(message: unknown): void;
  /** Listens to the worker's messages and to its failure. */
  addEventListener(type: 'message' | 'error', listener: (event: { data?: unknown }) => void): void;
  /** Stops the worker. */
  terminate(): void;
}

/** The host's wall clock and timers (`Date.now`, `setTimeout`); works in Node too. */
export const systemClock: Pick<PlatformEnvironment, 'now' | 'setTimeout' | 'clearTimeout'> = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The environment of a page in a browser.
 * @param options.timeWorkerUrl the time worker script; default `TIME_WORKER_PATH`
 *   (`/shell-service/assets/time-worker.js`), a same-origin file so that a page whose CSP
 *   allows only 'self' can start it. When it cannot start, timers run in the page.
 */
export function browserEnvironment(options: { timeWorkerUrl?: string } = {}): PlatformEnvironment {
  return {
    fetch: (input, init) => fetch(input, init),
    location: {
      get href() {
        return page().location.href;
      },
      assign: (url) => page().location.assign(url),
    },
    readCookies: () => page().document.cookie,
    ...systemClock,
    getRandomValues: (array) => crypto.getRandomValues(array),
    console,
    openChannel: (name) =>
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined,
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined,
    createWorker: () => {
      if (typeof Worker !== 'function') return undefined;
      try {
        return new Worker(options.timeWorkerUrl ?? TIME_WORKER_PATH);
      } catch {
        return undefined; // blocked by the page's CSP (worker-src): fall back to timers
      }
    },
    listen: (target, type, listener, options) => {
      const node = target === 'window' ? window : document;
      node.addEventListener(type, listener, options);
      return () => node.removeEventListener(type, listener, options);
    },
    isVisible: () => document.visibilityState === 'visible',
    loadScript: (url, signal, attributes = {}) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        if (attributes.crossOrigin) script.crossOrigin = attributes.crossOrigin;
        if (attributes.integrity) script.integrity = attributes.integrity;
        const done = (error?: Error) => {
          signal.removeEventListener('abort', onAbort);
          if (error) {
            script.remove();
            reject(error);
          } else resolve();
        };
        const onAbort = () => done(new Error(`Loading ${String(url)} was stopped.`));
        script.addEventListener('load', () => done());
        script.addEventListener('error', () => done(new Error(`${String(url)} failed to load.`)));
        signal.addEventListener('abort', onAbort);
        // A TrustedScriptURL when the page enforces Trusted Types.
        (script as { src: unknown }).src = url;
        document.head.append(script);
      }),
    get trustedTypes() {
      return (page() as { trustedTypes?: TrustedTypesLike }).trustedTypes;
    },
    get extensions() {
      return pageRegistry(page());
    },
  };
}

/**
 * The page's window. Nothing of the browser is touched when the client is created, so a
 * server renderer may create it; a call made where there is no page (server rendering, Node)
 * fails with this error instead of `window is not defined`.
 */
function page(): Window {
  if (typeof window === 'undefined') {
    throw new ConfigurationError(
      'The platform client has no browser page here (server rendering or Node.js): call its ' +
        'services in the browser (effects, event handlers), or create it with ' +
        "`environment: nodeEnvironment({ origin })` from '@ics/platform-client/node'.",
    );
  }
  return window;
}
