import { describe, expect, it } from 'vitest';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { fakeWorker } from '../test-support/fakeWorker.ts';
import { createTimers } from './timers.ts';

function setup(options: { handshakeMs?: number; postThrows?: boolean } = {}) {
  const env = fakeEnvironment(() => json(200, {}));
  const w = fakeWorker();
  if (options.postThrows)
    w.worker.postMessage = () => {
      throw new Error('DataCloneError');
    };
  const timers = createTimers(
    { ...env, createWorker: () => w.worker },
    options.handshakeMs === undefined ? {} : { handshakeMs: options.handshakeMs },
  );
  const fired: string[] = [];
  const note = (name: string) => () => fired.push(name);
  return { env, w, timers, fired, note };
}

describe('createTimers', () => {
  it('[PC-9.11] waits 2000 ms for the handshake by default, then terminates the worker', () => {
    const { env, w, timers } = setup();
    expect(w.state.sent).toEqual([{ type: 'hello' }]);
    env.advance(1999);
    expect(w.state.terminated).toBe(false);
    env.advance(1);
    expect(w.state.terminated).toBe(true);
    expect(timers.kind).toBe('page');
  });

  it('[PC-9.11] after the handshake, timers go to the worker with their own ids and fire once', () => {
    const { env, w, timers, fired, note } = setup({ handshakeMs: 300 });
    expect(timers.kind).toBe('page');
    w.hello();
    expect(timers.kind).toBe('worker');
    env.advance(300); // the handshake timeout no longer fires
    expect(w.state.terminated).toBe(false);
    expect(env.nextTimerAt()).toBeUndefined();
    timers.set(note('a'), 40);
    timers.set(note('b'), 70);
    expect(w.state.sent.slice(1)).toEqual([
      { type: 'set', id: 1, ms: 40 },
      { type: 'set', id: 2, ms: 70 },
    ]);
    expect(env.nextTimerAt()).toBeUndefined();
    w.fire(2);
    w.fire(2);
    w.fire('1');
    w.message(undefined);
    w.message({ type: 'other', id: 1 });
    expect(fired).toEqual(['b']);
    w.fire(1);
    expect(fired).toEqual(['b', 'a']);
  });

  it('clears a worker timer in the worker and ignores its late fire', () => {
    const { w, timers, fired, note } = setup();
    w.hello();
    const handle = timers.set(note('a'), 40);
    timers.clear(handle);
    expect(w.state.sent.at(-1)).toEqual({ type: 'clear', id: 1 });
    w.fire(1);
    expect(fired).toEqual([]);
  });

  it('runs page timers before the handshake and clears them by handle', () => {
    const { env, w, timers, fired, note } = setup();
    const cleared = timers.set(note('cleared'), 10);
    timers.set(note('kept'), 10);
    timers.clear(cleared);
    timers.clear(undefined);
    timers.clear({});
    env.advance(9);
    expect(fired).toEqual([]);
    env.advance(1);
    expect(fired).toEqual(['kept']);
    expect(w.state.sent).toEqual([{ type: 'hello' }]);
  });

  it('[PC-9.11] a worker error moves its pending timers to the page, to fire at once, and ends the handshake wait', () => {
    const { env, w, timers, fired, note } = setup();
    w.hello();
    timers.set(note('a'), 60_000);
    w.fail();
    expect(w.state.terminated).toBe(true);
    expect(timers.kind).toBe('page');
    expect(fired).toEqual([]);
    expect(env.nextTimerAt()).toBe(env.now());
    env.advance(0);
    expect(fired).toEqual(['a']);
    w.fire(1);
    expect(fired).toEqual(['a']);
    timers.set(note('b'), 5);
    expect(w.state.sent.filter((m) => (m as { type: string }).type === 'set')).toHaveLength(1);
    env.advance(5);
    expect(fired).toEqual(['a', 'b']);
  });

  it('an error before the handshake gives up at once and leaves no handshake timer', () => {
    const { env, w, timers } = setup();
    w.fail();
    expect(() => w.fail()).not.toThrow(); // a second error finds the worker given up
    expect(w.state.terminated).toBe(true);
    expect(timers.kind).toBe('page');
    expect(env.nextTimerAt()).toBeUndefined();
  });

  it('[PC-9.11] a worker that cannot take the handshake message is given up at once', () => {
    const { env, w, timers } = setup({ postThrows: true });
    expect(w.state.terminated).toBe(true);
    expect(env.nextTimerAt()).toBeUndefined();
    expect(timers.kind).toBe('page');
  });

  it('falls back to the page when the worker cannot be created or there is none', () => {
    const env = fakeEnvironment(() => json(200, {}));
    const blocked = createTimers({
      ...env,
      createWorker: () => {
        throw new Error('CSP worker-src');
      },
    });
    expect(blocked.kind).toBe('page');
    expect(env.nextTimerAt()).toBeUndefined();
    const fired: number[] = [];
    blocked.set(() => fired.push(1), 3);
    env.advance(3);
    expect(fired).toEqual([1]);
    expect(createTimers(env).kind).toBe('page');
  });

  it('stop() terminates the worker, drops its pending timers (clearing one is harmless), and later timers run in the page', () => {
    const { env, w, timers, fired, note } = setup();
    w.hello();
    const handle = timers.set(note('a'), 10);
    timers.stop();
    timers.clear(handle);
    expect(w.state.terminated).toBe(true);
    expect(timers.kind).toBe('page');
    w.fire(1);
    timers.set(note('b'), 10);
    env.advance(10);
    expect(fired).toEqual(['b']);
    expect(w.state.sent).toHaveLength(2);
  });
});
