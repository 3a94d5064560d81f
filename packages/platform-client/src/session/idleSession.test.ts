import { describe, expect, it } from 'vitest';
import type { WorkerLike } from '../environment.ts';
import { fakeEnvironment, json } from '../testing/fakeEnvironment.ts';
import { channelHub, fakeLocks, flush, run, tab } from '../testing/fakeTabs.ts';
import {
  ACTIVITY_EVENTS,
  IdleSession,
  type IdleEvent,
  type IdleSessionOptions,
} from './idleSession.ts';
import { TabBus } from './tabBus.ts';
import { createTimers } from './timers.ts';

const MIN = 60_000;

function setup(options: { tabs?: number; settings?: IdleSessionOptions } = {}) {
  const base = fakeEnvironment(() => json(200, {}));
  const hub = channelHub();
  const locks = fakeLocks();
  const pings: number[] = [];
  const tabs = Array.from({ length: options.tabs ?? 1 }, (_, index) => {
    const env = tab(base, { hub, locks });
    const events: IdleEvent[] = [];
    const logouts: boolean[] = [];
    const session = new IdleSession({
      environment: env,
      bus: new TabBus(env),
      timers: createTimers(env),
      keepAlive: async () => void pings.push(index),
      onTimeout: (initiator) => logouts.push(initiator),
      settings: options.settings,
    });
    session.subscribe((e) => events.push(e));
    session.start();
    return { env, session, events, logouts };
  });
  return { base, tabs, pings, hub, locks };
}

describe('given one tab', () => {
  it('[PC-9.1] listens passively to load, mousemove, mousedown, keypress, scroll and click', () => {
    const { tabs } = setup();
    expect(ACTIVITY_EVENTS).toEqual([
      'load',
      'mousemove',
      'mousedown',
      'keypress',
      'scroll',
      'click',
    ]);
    const listeners = tabs[0]?.env.page.listeners;
    for (const type of ACTIVITY_EVENTS) {
      const target = type === 'load' || type === 'scroll' ? 'window' : 'document';
      expect(listeners?.get(`${target}:${type}`)?.[0]?.options.passive, type).toBe(true);
    }
  });

  it('[PC-9.1] [PC-4.7] logs out after 1800 s without activity, warning 60 s before', async () => {
    const { base, tabs } = setup();
    const t = tabs[0];
    await run(base, 29 * MIN - 1);
    expect(t?.events).toEqual([]);
    await run(base, 1);
    expect(t?.events).toEqual([{ type: 'warning', logoutAt: base.now() + MIN, remainingMs: MIN }]);
    await run(base, MIN - 1);
    expect(t?.logouts).toEqual([]);
    await run(base, 1);
    expect(t?.logouts).toEqual([true]);
    expect(t?.events.at(-1)).toEqual({ type: 'timeout' });
  });

  it('[PC-4.7] resets the idle timer on activity, and activity during the warning cancels it', async () => {
    const { base, tabs } = setup();
    const t = tabs[0];
    await run(base, 29 * MIN + 30_000);
    expect(t?.events.map((e) => e.type)).toEqual(['warning']);
    t?.env.page.dispatch('document', 'keypress');
    expect(t?.events.map((e) => e.type)).toEqual(['warning', 'active']);
    await run(base, 29 * MIN);
    expect(t?.logouts).toEqual([]);
    await run(base, 2 * MIN);
    expect(t?.logouts).toEqual([true]);
  });

  it('lets the user stay signed in with one action when warned (WCAG 2.2.1)', async () => {
    const { base, tabs } = setup({ settings: { timeoutMs: 10_000, warningMs: 5000 } });
    await run(base, 6000);
    tabs[0]?.session.recordActivity();
    await run(base, 9000);
    expect(tabs[0]?.logouts).toEqual([]);
  });

  it('throttles activity to one record per second', async () => {
    const { tabs } = setup();
    const t = tabs[0];
    let posted = 0;
    const original = TabBus.prototype.post;
    TabBus.prototype.post = function (message) {
      if (message.type === 'activity') posted++;
      original.call(this, message);
    };
    try {
      for (let i = 0; i < 50; i++) t?.env.page.dispatch('document', 'mousemove');
      await flush();
      expect(posted).toBe(1);
    } finally {
      TabBus.prototype.post = original;
    }
  });

  it('never lets a throttled or sleeping page extend the session: visibility decides from the clock', async () => {
    const base = fakeEnvironment(() => json(200, {}));
    // A page whose timers never fire (a frozen background tab).
    const env = {
      ...tab(base, { hub: channelHub(), locks: fakeLocks() }),
      setTimeout: () => 0,
      clearTimeout: () => {},
    };
    const logouts: boolean[] = [];
    const session = new IdleSession({
      environment: env,
      bus: new TabBus(env),
      timers: createTimers(env),
      keepAlive: async () => {},
      onTimeout: (initiator) => logouts.push(initiator),
    });
    session.start();
    base.advance(31 * MIN);
    expect(logouts).toEqual([]);
    env.page.dispatch('document', 'visibilitychange');
    await flush();
    expect(logouts).toEqual([true]);
  });
});

describe('given several tabs', () => {
  it('[PC-4.7] activity in one tab keeps the others signed in', async () => {
    const { base, tabs } = setup({ tabs: 3 });
    for (let i = 0; i < 4; i++) {
      await run(base, 20 * MIN);
      tabs[1]?.env.page.dispatch('document', 'click');
    }
    expect(tabs.flatMap((t) => t.logouts)).toEqual([]);
  });

  it('[PC-4.7] logs out every tab once all have been idle for the timeout; one calls logout', async () => {
    const { base, tabs } = setup({ tabs: 3 });
    await run(base, 10 * MIN);
    tabs[2]?.env.page.dispatch('document', 'mousedown');
    await run(base, 30 * MIN - 1000);
    expect(tabs.flatMap((t) => t.logouts)).toEqual([]);
    await run(base, 2000);
    const logouts = tabs.map((t) => t.logouts);
    expect(logouts.every((l) => l.length === 1)).toBe(true);
    expect(logouts.flat().filter(Boolean)).toHaveLength(1);
  });

  it('[PC-9.1] pings every 600 s from one tab only, and only after activity', async () => {
    const { base, tabs, pings } = setup({ tabs: 3 });
    await run(base, 10 * MIN + 1000);
    expect(pings).toEqual([]);
    tabs[0]?.env.page.dispatch('document', 'click');
    await run(base, 10 * MIN);
    expect(pings).toHaveLength(1);
    tabs[1]?.env.page.dispatch('document', 'click');
    await run(base, 5 * MIN);
    expect(pings).toHaveLength(1);
    await run(base, 5 * MIN);
    expect(pings).toHaveLength(2);
  });
  it('[PC-4.7] counts activity another tab dates in the future as activity now, so it cannot extend the session', async () => {
    const { base, tabs, hub, locks } = setup();
    const other = new TabBus(tab(base, { hub, locks }));
    other.post({ type: 'activity', at: base.now() + 20 * MIN });
    await flush();
    expect(tabs[0]?.session.idleMs()).toBe(0);
    await run(base, 30 * MIN);
    expect(tabs[0]?.logouts).toEqual([true]);
  });
});

describe('given the time worker', () => {
  function fakeWorker(answers: boolean) {
    const listeners: Record<string, ((event: { data?: unknown }) => void)[]> = {
      message: [],
      error: [],
    };
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const sent: unknown[] = [];
    const worker: WorkerLike = {
      postMessage(message) {
        sent.push(message);
        const m = message as { type: string; id: number; ms: number };
        const reply = (data: unknown) =>
          queueMicrotask(() => listeners.message?.forEach((l) => l({ data })));
        if (m.type === 'hello' && answers) reply({ type: 'hello' });
        if (m.type === 'set')
          timers.set(
            m.id,
            setTimeout(() => reply({ type: 'fire', id: m.id }), m.ms),
          );
      },
      addEventListener(type, listener) {
        listeners[type]?.push(listener);
      },
      terminate() {},
    };
    return { worker, sent };
  }

  it('[PC-9.11] runs timers in the worker once it answers the handshake', async () => {
    const base = fakeEnvironment(() => json(200, {}));
    const { worker, sent } = fakeWorker(true);
    const timers = createTimers({ ...base, createWorker: () => worker });
    await flush();
    expect(timers.kind).toBe('worker');
    const fired = await new Promise<boolean>((resolve) => timers.set(() => resolve(true), 5));
    expect(fired).toBe(true);
    expect(sent).toContainEqual(expect.objectContaining({ type: 'set', ms: 5 }));
  });

  it('[PC-9.11] falls back to page timers when the worker does not answer, cannot start, or is missing', async () => {
    const base = fakeEnvironment(() => json(200, {}));
    const silent = createTimers({ ...base, createWorker: () => fakeWorker(false).worker });
    base.advance(2000);
    expect(silent.kind).toBe('page');
    let fired = false;
    silent.set(() => (fired = true), 100);
    base.advance(100);
    expect(fired).toBe(true);
    const blocked = createTimers({
      ...base,
      createWorker: () => {
        throw new Error('CSP worker-src');
      },
    });
    expect(blocked.kind).toBe('page');
    expect(createTimers(base).kind).toBe('page');
  });
});
