import { browserEnvironment, type PlatformEnvironment } from '@ics/platform-client';

/** What `recordedNavigation` returns. */
export interface RecordedNavigation {
  /** The client's environment: `base`, except that navigation is recorded instead of followed. */
  readonly environment: PlatformEnvironment;
  /** Every address the client sent the browser to, absolute, oldest first. */
  readonly navigations: readonly string[];
  /** Resolves with the next address the client sends the browser to. */
  next(): Promise<string>;
}

/**
 * For jsdom tests of a 401 or of Log Out, where the client sends the browser away (to sign in,
 * or through sign-out): jsdom cannot navigate, and the call that met the 401 stays pending as
 * a page that is leaving would. This records each address instead, as `nodeEnvironment` does
 * in Node, so the test awaits `next()` and settles:
 * `const nav = recordedNavigation(); const client = createPlatformClient({ environment: nav.environment });`
 * The page's address stays what it was. `base` defaults to the page's own environment.
 */
export function recordedNavigation(
  base: PlatformEnvironment = browserEnvironment(),
): RecordedNavigation {
  const navigations: string[] = [];
  let waiting: ((url: string) => void)[] = [];
  const location = {
    get href() {
      return base.location.href;
    },
    assign(url: string) {
      const address = new URL(url, base.location.href).href;
      navigations.push(address);
      const waiters = waiting;
      waiting = [];
      for (const resolve of waiters) resolve(address);
    },
  };
  return {
    environment: { ...base, location },
    navigations,
    next: () => new Promise((resolve) => waiting.push(resolve)),
  };
}
