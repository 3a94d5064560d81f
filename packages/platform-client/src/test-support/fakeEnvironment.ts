import type { PlatformEnvironment } from '../environment.ts';

export type FakeFetch = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A scripted environment for unit tests: the server, the page and the clock are theirs. */
export interface FakeEnvironment extends PlatformEnvironment {
  readonly requests: { url: URL; init: RequestInit; headers: Headers }[];
  readonly navigations: string[];
  cookies: string;
  href: string;
  /** Runs the timers due within `ms` of fake time. */
  advance(ms: number): void;
  /** When the next timer is due, or `undefined` when none is set. */
  nextTimerAt(): number | undefined;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** The config every fake server answers with, unless the test's handler answers first. */
export const fakeConfig = {
  serviceUrls: {
    'identity-service': '/identity-service/api/v1',
    'session-service': '/session-service/api/v1',
    'shell-service': '/shell-service/api/v1',
  },
  identityHomePath: '/identity-service/home',
  identityLogoutPath: '/identity-service/logout',
};

export function fakeEnvironment(
  handler: FakeFetch,
  options: { href?: string; cookies?: string } = {},
): FakeEnvironment {
  let now = 1_700_000_000_000;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const env: FakeEnvironment = {
    requests: [],
    navigations: [],
    cookies: options.cookies ?? '',
    href: options.href ?? 'https://app.example.com/demo/',
    async fetch(input, init) {
      const url = new URL(input);
      env.requests.push({ url, init, headers: new Headers(init.headers) });
      if (init.signal?.aborted) throw init.signal.reason;
      const answer = Promise.resolve(handler(url, init));
      return new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
        answer.then(resolve, reject);
      });
    },
    location: {
      get href() {
        return env.href;
      },
      assign(url) {
        env.navigations.push(url);
      },
    },
    readCookies: () => env.cookies,
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    getRandomValues: (array) => crypto.getRandomValues(array),
    console: { error: () => {}, warn: () => {}, info: () => {} },
    nextTimerAt() {
      return timers.length === 0 ? undefined : Math.min(...timers.map((t) => t.at));
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.callback();
    },
  };
  return env;
}

/**
 * Resolves with 'pending' when the promise has not settled once the microtask queue has drained
 * (checked on the next turn of the event loop; no real time passes).
 */
export async function settled(
  promise: Promise<unknown>,
): Promise<'resolved' | 'rejected' | 'pending'> {
  const marker = Symbol('pending');
  const result = await Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<symbol>((resolve) => setImmediate(() => resolve(marker))),
  ]);
  return result === marker ? 'pending' : (result as 'resolved' | 'rejected');
}
