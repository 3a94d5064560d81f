import type { ChannelLike, LockManagerLike, PlatformEnvironment } from '../environment.ts';
import type { FakeEnvironment } from './fakeEnvironment.ts';

/** Lets every pending promise callback and message delivery run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `ms` of fake time timer by timer, letting promises settle after each, so that work
 * started by one timer (a renewal, a message to another tab) completes before the next.
 */
export async function run(env: FakeEnvironment, ms: number): Promise<void> {
  const end = env.now() + ms;
  await flush();
  for (;;) {
    const next = env.nextTimerAt();
    if (next === undefined || next > end) break;
    env.advance(Math.max(0, next - env.now()));
    await flush();
    await flush();
  }
  env.advance(end - env.now());
  await flush();
}

/** Channels of one origin: a message reaches every other open channel of the same name, later. */
export function channelHub() {
  const open = new Set<{ name: string; listeners: ((event: { data: unknown }) => void)[] }>();
  let delivered = 0;
  return {
    get delivered() {
      return delivered;
    },
    open(name: string): ChannelLike {
      const self = { name, listeners: [] as ((event: { data: unknown }) => void)[] };
      open.add(self);
      return {
        postMessage(message) {
          const data = structuredClone(message);
          for (const other of open) {
            if (other === self || other.name !== name) continue;
            void Promise.resolve().then(() => {
              if (!open.has(other)) return;
              delivered++;
              for (const listener of other.listeners) listener({ data });
            });
          }
        },
        addEventListener(type, listener) {
          if (type === 'message') self.listeners.push(listener);
        },
        close() {
          open.delete(self);
        },
      };
    },
  };
}

/** Web Locks shared by the tabs of a test: one holder per name, first come first served. */
export function fakeLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** Page event listeners a test can dispatch to. */
export function fakePage() {
  const listeners = new Map<
    string,
    { listener: (event: unknown) => void; options: AddEventListenerOptions }[]
  >();
  let visible = true;
  const page = {
    listeners,
    get visible() {
      return visible;
    },
    set visible(value: boolean) {
      visible = value;
    },
    listen: ((target, type, listener, options) => {
      const key = `${target}:${type}`;
      const list = listeners.get(key) ?? [];
      const entry = { listener, options };
      list.push(entry);
      listeners.set(key, list);
      return () => list.splice(list.indexOf(entry), 1);
    }) satisfies NonNullable<PlatformEnvironment['listen']>,
    dispatch(target: 'window' | 'document', type: string, event: unknown = {}) {
      for (const { listener } of [...(listeners.get(`${target}:${type}`) ?? [])]) listener(event);
    },
  };
  return page;
}

/** A tab of the shared fake browser: the base environment's clock, its own page. */
export function tab(
  base: FakeEnvironment,
  shared: { hub: ReturnType<typeof channelHub>; locks?: LockManagerLike },
): PlatformEnvironment & { page: ReturnType<typeof fakePage> } {
  const page = fakePage();
  return {
    ...base,
    location: base.location,
    openChannel: (name) => shared.hub.open(name),
    locks: shared.locks,
    listen: page.listen,
    isVisible: () => page.visible,
    page,
  };
}

/** A JWT with the given claims (unsigned: the client does not verify signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
}
