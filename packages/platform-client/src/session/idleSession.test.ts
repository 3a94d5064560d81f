import { describe, expect, it } from 'vitest';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { channelHub, fakeLocks, flush, run, tab } from '../test-support/fakeTabs.ts';
import {
  ACTIVITY_EVENTS,
  IdleSession,
  type IdleEvent,
  type IdleSessionOptions,
} from './idleSession.ts';
import { TabBus, type TabMessage } from './tabBus.ts';
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

describe('one tab with another tab listening', () => {
  function watched(settings?: IdleSessionOptions, keepAlive?: () => Promise<void>) {
    const base = fakeEnvironment(() => json(200, {}));
    const hub = channelHub();
    const locks = fakeLocks();
    const warnings: unknown[][] = [];
    const env = {
      ...tab(base, { hub, locks }),
      console: { error() {}, info() {}, warn: (...args: unknown[]) => warnings.push(args) },
    };
    const events: IdleEvent[] = [];
    const logouts: boolean[] = [];
    let pings = 0;
    const session = new IdleSession({
      environment: env,
      bus: new TabBus(env),
      timers: createTimers(env),
      keepAlive: keepAlive ?? (async () => void pings++),
      onTimeout: (initiator) => logouts.push(initiator),
      settings,
    });
    session.subscribe((e) => events.push(e));
    session.start();
    const other = new TabBus(tab(base, { hub, locks }));
    const heard: TabMessage[] = [];
    other.subscribe((m) => heard.push(m));
    return {
      base,
      env,
      session,
      events,
      logouts,
      other,
      heard,
      locks,
      warnings,
      pings: () => pings,
    };
  }
  const activity = (heard: TabMessage[]) => heard.filter((m) => m.type === 'activity');

  it('stop() removes its page listeners, its timers and its tab listener', async () => {
    const { base, env, session, events, logouts, other, heard } = watched();
    session.stop();
    expect([...env.page.listeners.values()].flat()).toEqual([]);
    other.post({ type: 'logout' });
    await run(base, 60 * MIN);
    expect(events).toEqual([]);
    expect(logouts).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('runs without page events (no listen), and stops cleanly', async () => {
    const base = fakeEnvironment(() => json(200, {}));
    const logouts: boolean[] = [];
    const session = new IdleSession({
      environment: base,
      bus: new TabBus(base),
      timers: createTimers(base),
      keepAlive: async () => {},
      onTimeout: (initiator) => logouts.push(initiator),
    });
    session.start();
    await run(base, 30 * MIN);
    expect(logouts).toEqual([true]);
    expect(() => session.stop()).not.toThrow();
  });

  it('an unsubscribed listener hears nothing', async () => {
    const { base, session } = watched();
    const heard: IdleEvent[] = [];
    session.subscribe((e) => heard.push(e))();
    await run(base, 30 * MIN);
    expect(heard).toEqual([]);
  });

  it('records activity at most once per throttleMs, never more often than every 200 ms', async () => {
    const { base, env, heard, events } = watched({ throttleMs: 50 });
    env.page.dispatch('document', 'visibilitychange'); // a check long before the warning
    env.page.dispatch('document', 'click');
    base.advance(199);
    env.page.dispatch('document', 'click');
    base.advance(1);
    env.page.dispatch('document', 'click');
    await flush();
    expect(activity(heard)).toEqual([
      { type: 'activity', at: base.now() - 200 },
      { type: 'activity', at: base.now() },
    ]);
    expect(events).toEqual([]); // neither a warning nor 'active' without one
    const d = watched();
    d.env.page.dispatch('window', 'scroll');
    d.base.advance(999);
    d.env.page.dispatch('window', 'scroll');
    d.base.advance(1);
    d.env.page.dispatch('window', 'load');
    await flush();
    expect(activity(d.heard).map((m) => m.type === 'activity' && m.at - d.base.now())).toEqual([
      -1000, 0,
    ]);
  });

  it('listens to the configured activity events only', () => {
    const { env } = watched({ activityEvents: ['wheel'] });
    expect([...env.page.listeners.keys()].sort()).toEqual([
      'document:visibilitychange',
      'document:wheel',
    ]);
    expect(env.page.listeners.get('document:wheel')?.[0]?.options).toEqual({
      passive: true,
      capture: true,
    });
    expect(env.page.listeners.get('document:visibilitychange')?.[0]?.options).toEqual({
      passive: true,
    });
  });

  it('warns once, with the time left when the check runs late, and logs out on the clock', async () => {
    const { base, env, session, events, logouts } = watched({ timeoutMs: 10_000, warningMs: 4000 });
    base.advance(7000); // timers due at 6000 run late, at 7000
    expect(events).toEqual([{ type: 'warning', logoutAt: base.now() + 3000, remainingMs: 3000 }]);
    session.check();
    env.page.dispatch('document', 'visibilitychange');
    expect(events).toHaveLength(1);
    await run(base, 2999);
    expect(logouts).toEqual([]);
    await run(base, 1);
    expect(logouts).toEqual([true]);
  });

  it('activity that reaches the tab while it waits for the logout lock keeps it signed in', async () => {
    const { base, logouts, other, locks } = watched({ timeoutMs: 10_000, warningMs: 1000 });
    let release = () => {};
    void locks?.request('ics-platform:idle-logout', () => new Promise<void>((r) => (release = r)));
    await run(base, 10_000);
    other.post({ type: 'activity', at: base.now() });
    await flush();
    release();
    await flush();
    expect(logouts).toEqual([]);
    await run(base, 9999);
    expect(logouts).toEqual([]);
    await run(base, 1);
    expect(logouts).toEqual([true]);
  });

  it("another tab's logout ends this one once, without a logout message of its own", async () => {
    const { base, session, events, logouts, other, heard } = watched();
    other.post({ type: 'logout' });
    await flush();
    other.post({ type: 'logout' });
    await flush();
    session.recordActivity();
    session.check();
    await run(base, 60 * MIN);
    expect(logouts).toEqual([false]);
    expect(events).toEqual([{ type: 'timeout' }]);
    expect(heard).toEqual([]);
  });

  it('timing out tells the other tabs to log out, once', async () => {
    const { base, session, heard, logouts } = watched({ timeoutMs: 10_000, warningMs: 1000 });
    await run(base, 9999);
    base.advance(1); // the check timer asks for the logout lock...
    session.check(); // ...and so does a second check before the first got it
    await run(base, 0);
    expect(logouts).toEqual([true]);
    expect(heard.filter((m) => m.type === 'logout')).toHaveLength(1);
  });

  it('an activity message older than the latest activity changes nothing', async () => {
    const { base, events, logouts, other } = watched({ timeoutMs: 10_000, warningMs: 4000 });
    await run(base, 6000);
    expect(events.map((e) => e.type)).toEqual(['warning']);
    other.post({ type: 'activity', at: base.now() - 6000 });
    await run(base, 0);
    expect(events.map((e) => e.type)).toEqual(['warning']);
    await run(base, 4000);
    expect(logouts).toEqual([true]);
  });

  it("[PC-9.1] another tab's ping postpones this tab's; an older ping does not bring it back", async () => {
    const { base, env, other, heard, pings } = watched();
    base.advance(1); // activity after the start, which counts as the last ping
    env.page.dispatch('document', 'click');
    await run(base, 5 * MIN);
    other.post({ type: 'ping', at: base.now() });
    other.post({ type: 'ping', at: base.now() - 5 * MIN });
    await run(base, 5 * MIN);
    expect(pings()).toBe(0);
    env.page.dispatch('document', 'click');
    await run(base, 5 * MIN - 1);
    expect(pings()).toBe(0);
    await run(base, 1);
    expect(pings()).toBe(1);
    expect(heard.filter((m) => m.type === 'ping')).toEqual([{ type: 'ping', at: base.now() }]);
  });

  it('a failed keep-alive ping is logged as a warning and the pings go on', async () => {
    let calls = 0;
    const { base, env, warnings } = watched(undefined, () => {
      calls++;
      return Promise.reject(new Error('offline'));
    });
    base.advance(1);
    env.page.dispatch('document', 'click');
    await run(base, 10 * MIN);
    expect(calls).toBe(1);
    expect(warnings).toEqual([['Keep-alive ping failed', new Error('offline')]]);
    base.advance(1); // activity after the ping
    env.page.dispatch('document', 'click');
    await run(base, 10 * MIN);
    expect(calls).toBe(2);
  });

  it('[PC-4.7] warns again after activity ended a warning, the warning time before the new timeout', async () => {
    const { base, env, events } = watched({ timeoutMs: 10_000, warningMs: 4000 });
    const start = base.now();
    await run(base, 7000);
    env.page.dispatch('document', 'click'); // t = 7000
    expect(events.map((e) => e.type)).toEqual(['warning', 'active']);
    await run(base, 5999);
    expect(events).toHaveLength(2);
    await run(base, 1);
    expect(events.at(-1)).toEqual({
      type: 'warning',
      logoutAt: start + 17_000,
      remainingMs: 4000,
    });
  });

  it("warns on time after another tab's activity from a moment ago", async () => {
    const { base, events, other } = watched({ timeoutMs: 10_000, warningMs: 4000 });
    const start = base.now();
    await run(base, 3000);
    other.post({ type: 'activity', at: start + 2000 });
    await run(base, 4999); // t = 7999
    expect(events).toEqual([]);
    await run(base, 1);
    expect(events).toEqual([{ type: 'warning', logoutAt: start + 12_000, remainingMs: 4000 }]);
  });

  it('[PC-9.1] pings while holding the keep-alive lock every tab shares', async () => {
    let pings = 0;
    const { base, env, locks } = watched({}, async () => void pings++);
    base.advance(1);
    env.page.dispatch('document', 'click');
    let release = () => {};
    void locks?.request('ics-platform:keep-alive', () => new Promise<void>((r) => (release = r)));
    await run(base, 10 * MIN);
    expect(pings).toBe(0);
    release();
    await run(base, 0);
    expect(pings).toBe(1);
  });

  it('plans no further ping when the session ended during one', async () => {
    let answer = () => {};
    const { base, env, other, logouts } = watched({}, () => new Promise<void>((r) => (answer = r)));
    base.advance(1);
    env.page.dispatch('document', 'click');
    await run(base, 10 * MIN);
    other.post({ type: 'logout' });
    await run(base, 0);
    expect(logouts).toEqual([false]);
    answer();
    await run(base, 0);
    expect(base.nextTimerAt()).toBeUndefined();
  });
});
