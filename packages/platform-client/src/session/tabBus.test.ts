import { describe, expect, it } from 'vitest';
import type { LockManagerLike, PlatformEnvironment } from '../environment.ts';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { channelHub, flush } from '../test-support/fakeTabs.ts';
import { TabBus, type TabMessage } from './tabBus.ts';

const CHANNEL = 'ics-platform-session';

function setup(options: { randomByte?: number; fallbackJitterMs?: number } = {}) {
  const env = fakeEnvironment(() => json(200, {}));
  const hub = channelHub();
  const tabEnv: PlatformEnvironment = {
    ...env,
    openChannel: (name) => hub.open(name),
    getRandomValues: (array) => {
      (array as Uint8Array).fill(options.randomByte ?? 0);
      return array;
    },
  };
  const bus = new TabBus(
    tabEnv,
    options.fallbackJitterMs === undefined ? {} : { fallbackJitterMs: options.fallbackJitterMs },
  );
  const heard: TabMessage[] = [];
  bus.subscribe((message) => heard.push(message));
  // Another tab that sends raw data, as an older or newer version of the client might.
  const raw = hub.open(CHANNEL);
  const rawHeard: unknown[] = [];
  raw.addEventListener('message', (event) => rawHeard.push(event.data));
  return { env, hub, bus, heard, raw, rawHeard };
}

/** A lock that records what work ran when, to check the order of critical sections. */
const recorder = () => {
  const log: string[] = [];
  const work =
    (name: string, fail = false) =>
    async () => {
      log.push(`start ${name}`);
      await flush();
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
  return { log, work };
};

describe('TabBus messages', () => {
  it('delivers well-formed messages of another tab with only their known fields', async () => {
    const { raw, heard } = setup();
    raw.postMessage({ type: 'token', jwt: 'a.b.c', remainingMs: 5, iat: 7, extra: 'x' });
    raw.postMessage({ type: 'activity', at: 10, extra: 'x' });
    raw.postMessage({ type: 'ping', at: 20 });
    raw.postMessage({ type: 'token-query', extra: 'x' });
    raw.postMessage({ type: 'logout', jwt: 'a.b.c' });
    await flush();
    expect(heard).toEqual([
      { type: 'token', jwt: 'a.b.c', remainingMs: 5, iat: 7 },
      { type: 'activity', at: 10 },
      { type: 'ping', at: 20 },
      { type: 'token-query' },
      { type: 'logout' },
    ]);
  });

  it('drops malformed messages: not objects, unknown types, wrong or non-finite fields', async () => {
    const { raw, heard } = setup();
    for (const data of [
      null,
      'logout',
      42,
      {},
      { type: 'shutdown' },
      { type: 'token', jwt: 1, remainingMs: 5, iat: 7 },
      { type: 'token', jwt: 'a.b.c', remainingMs: '5', iat: 7 },
      { type: 'token', jwt: 'a.b.c', remainingMs: 5, iat: '7' },
      { type: 'activity', at: '10' },
      { type: 'activity', at: Number.NaN },
      { type: 'ping', at: Number.POSITIVE_INFINITY },
      { type: 'ping' },
    ])
      raw.postMessage(data);
    await flush();
    expect(heard).toEqual([]);
  });

  it('posts to the other tabs, not to itself; unsubscribe and close() stop delivery', async () => {
    const { bus, heard, raw, rawHeard } = setup();
    const second: TabMessage[] = [];
    const unsubscribe = bus.subscribe((message) => second.push(message));
    bus.post({ type: 'activity', at: 1 });
    await flush();
    expect(rawHeard).toEqual([{ type: 'activity', at: 1 }]);
    expect(heard).toEqual([]);
    unsubscribe();
    raw.postMessage({ type: 'logout' });
    await flush();
    expect(heard).toEqual([{ type: 'logout' }]);
    expect(second).toEqual([]);
    bus.close();
    raw.postMessage({ type: 'logout' });
    await flush();
    expect(heard).toHaveLength(1);
  });

  it('a tab whose channel cannot open or send is on its own, without errors', async () => {
    const env = fakeEnvironment(() => json(200, {}));
    const alone = new TabBus({
      ...env,
      openChannel: () => {
        throw new Error('SecurityError');
      },
    });
    alone.post({ type: 'logout' });
    alone.close();
    const broken = new TabBus({
      ...env,
      openChannel: () => ({
        postMessage() {
          throw new Error('InvalidStateError');
        },
        addEventListener() {},
        close() {},
      }),
    });
    expect(() => broken.post({ type: 'logout' })).not.toThrow();
    // Alone, the lock is this tab's own mutex with no random delay.
    expect(await alone.withLock('x', () => Promise.resolve('done'))).toBe('done');
  });
});

describe('TabBus locks', () => {
  it('takes the Web Lock ics-platform:<name> when the browser has Web Locks', async () => {
    const env = fakeEnvironment(() => json(200, {}));
    const names: string[] = [];
    const locks: LockManagerLike = {
      request: (name, callback) => (names.push(name), callback()),
    };
    const bus = new TabBus({ ...env, locks });
    expect(await bus.withLock('token', () => Promise.resolve(3))).toBe(3);
    expect(names).toEqual(['ics-platform:token']);
    expect(env.nextTimerAt()).toBeUndefined();
  });

  it('without Web Locks, runs the work of one name one at a time, also after a failure, and other names apart', async () => {
    const env = fakeEnvironment(() => json(200, {}));
    const bus = new TabBus(env); // no channel: no random delay
    const { log, work } = recorder();
    const a = bus.withLock('n', work('a', true));
    const b = bus.withLock('n', work('b'));
    const c = bus.withLock('other', work('c'));
    await expect(a).rejects.toThrow('a');
    expect(await b).toBe('b');
    expect(await c).toBe('c');
    expect(log.indexOf('start b')).toBeGreaterThan(log.indexOf('end a'));
    expect(log.indexOf('start c')).toBeLessThan(log.indexOf('end a'));
  });

  it('without Web Locks but with other tabs, waits a random delay of up to fallbackJitterMs first', async () => {
    for (const [byte, jitterMs, delay] of [
      [128, undefined, 125], // 128/256 of the default 250 ms
      [255, 100, 99],
      [0, 100, 0],
    ] as const) {
      const { env, bus } = setup({ randomByte: byte, fallbackJitterMs: jitterMs });
      const { log, work } = recorder();
      const done = bus.withLock('n', work('w'));
      expect(env.nextTimerAt()).toBe(env.now() + delay);
      if (delay > 0) {
        env.advance(delay - 1);
        await flush();
        expect(log).toEqual([]);
      }
      env.advance(1);
      expect(await done).toBe('w');
    }
  });
});
