import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../errors.ts';
import {
  fakeEnvironment,
  json,
  settled,
  type FakeEnvironment,
} from '../test-support/fakeEnvironment.ts';
import { ResponseCache } from './cache.ts';
import { retryAfter, Transport } from './transport.ts';

const home = '/identity-service/home';
/**
 * Waits until the transport waits to retry: its next timer is shorter than the 30000 ms call
 * timeout each attempt sets. Answers in how many ms the retry is due.
 */
async function retryDue(env: FakeEnvironment): Promise<number> {
  const due = () => (env.nextTimerAt() ?? Infinity) - env.now();
  await vi.waitFor(() => expect(due()).toBeLessThan(30_000), { interval: 5 });
  return due();
}

function scripted(answers: (() => Response | Promise<Response>)[]) {
  let n = 0;
  const env = fakeEnvironment(() => {
    const answer = answers[Math.min(n++, answers.length - 1)];
    return answer ? answer() : json(200, {});
  });
  return { env, transport: new Transport({ environment: env, identityHomePath: () => home }) };
}

describe('given a transient failure', () => {
  it('retries a GET after a 503 and resolves with the next answer', async () => {
    const { env, transport } = scripted([() => json(503, {}), () => json(200, { ok: 1 })]);
    const call = transport.request({ method: 'GET', url: '/x' });
    expect(await retryDue(env)).toBe(500);
    env.advance(500);
    await expect(call).resolves.toEqual({ ok: 1 });
    expect(env.requests).toHaveLength(2);
  });

  it('waits as long as Retry-After asks before the retry', async () => {
    const { env, transport } = scripted([
      () => json(429, {}, { 'Retry-After': '3' }),
      () => json(200, { ok: 1 }),
    ]);
    const call = transport.request({ method: 'PUT', url: '/x', body: {} });
    expect(await retryDue(env)).toBe(3000);
    env.advance(2999);
    expect(env.nextTimerAt()).toBe(env.now() + 1);
    expect(env.requests).toHaveLength(1);
    env.advance(1);
    await expect(call).resolves.toEqual({ ok: 1 });
  });

  it('never retries a POST automatically', async () => {
    const { env, transport } = scripted([() => json(503, {}), () => json(200, {})]);
    await expect(transport.request({ method: 'POST', url: '/x' })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(env.requests).toHaveLength(1);
  });

  it('does not retry a status that is not transient', async () => {
    const { env, transport } = scripted([() => json(500, {}), () => json(200, {})]);
    await expect(transport.request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
      status: 500,
    });
    expect(env.requests).toHaveLength(1);
  });

  it('gives up after two retries with the last failure', async () => {
    const { env, transport } = scripted([() => Promise.reject(new TypeError('offline'))]);
    const call = transport.request({ method: 'GET', url: '/x' });
    const outcome = call.catch((e: unknown) => e);
    // Back-off doubles: 500 ms, then 1000 ms; no third retry.
    for (const delay of [500, 1000]) {
      expect(await retryDue(env)).toBe(delay);
      env.advance(delay);
    }
    expect(await outcome).toBeInstanceOf(NetworkError);
    expect(env.requests).toHaveLength(3);
  });

  it('never retries after the caller aborts', async () => {
    const { env, transport } = scripted([() => json(503, {}), () => json(200, {})]);
    const controller = new AbortController();
    const call = transport.request({ method: 'GET', url: '/x', signal: controller.signal });
    await retryDue(env);
    controller.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
    expect(env.nextTimerAt()).toBeUndefined();
    env.advance(10_000);
    expect(env.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfter('7', 0)).toBe(7000);
    expect(retryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfter('soon', 0)).toBeUndefined();
    expect(retryAfter(null, 0)).toBeUndefined();
  });
});

describe('given cached calls', () => {
  it('[PC-9.4] serves a cached GET for 300000 ms and fetches again after', async () => {
    const { env, transport } = scripted([() => json(200, { n: 1 }), () => json(200, { n: 2 })]);
    const get = () => transport.request({ method: 'GET', url: '/user', cache: true });
    expect(await get()).toEqual({ n: 1 });
    env.advance(299_999);
    expect(await get()).toEqual({ n: 1 });
    env.advance(1);
    expect(await get()).toEqual({ n: 2 });
    expect(env.requests).toHaveLength(2);
  });

  it('[PC-9.4] keeps one entry: a second URL pushes the first out', async () => {
    const { env, transport } = scripted([() => json(200, {})]);
    const get = (url: string) => transport.request({ method: 'GET', url, cache: true });
    await get('/a');
    await get('/b');
    await get('/a');
    expect(env.requests.map((r) => r.url.pathname)).toEqual(['/a', '/b', '/a']);
  });

  it('[PC-9.4] shares one request among identical calls in flight', async () => {
    let release: (r: Response) => void = () => {};
    const env = fakeEnvironment(() => new Promise<Response>((r) => (release = r)));
    const transport = new Transport({ environment: env, identityHomePath: () => home });
    const calls = [1, 2, 3].map(() =>
      transport.request({ method: 'GET', url: '/user', cache: true }),
    );
    await vi.waitFor(() => expect(env.requests).toHaveLength(1), { interval: 5 });
    release(json(200, { id: 'u' }));
    expect(await Promise.all(calls)).toEqual([{ id: 'u' }, { id: 'u' }, { id: 'u' }]);
    expect(env.requests).toHaveLength(1);
  });

  it('[PC-9.4] never keeps a rejection, and forgets everything on clearCache', async () => {
    const { env, transport } = scripted([
      () => json(404, {}),
      () => json(200, { n: 1 }),
      () => json(200, { n: 2 }),
    ]);
    const get = () => transport.request({ method: 'GET', url: '/user', cache: true });
    await expect(get()).rejects.toBeInstanceOf(HttpError);
    expect(await get()).toEqual({ n: 1 });
    transport.clearCache();
    expect(await get()).toEqual({ n: 2 });
    expect(env.requests).toHaveLength(3);
  });

  it('lets one caller abort without failing the others sharing the request', async () => {
    let release: (r: Response) => void = () => {};
    const env = fakeEnvironment(() => new Promise<Response>((r) => (release = r)));
    const transport = new Transport({ environment: env, identityHomePath: () => home });
    const controller = new AbortController();
    const first = transport.request({
      method: 'GET',
      url: '/user',
      cache: true,
      signal: controller.signal,
    });
    const second = transport.request({ method: 'GET', url: '/user', cache: true });
    controller.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    release(json(200, { id: 'u' }));
    await expect(second).resolves.toEqual({ id: 'u' });
    expect(await settled(first.catch(() => 'x'))).toBe('resolved');
  });

  it('keeps the answer cached after clearCache when a call from before it fails later', async () => {
    const cache = new ResponseCache({ now: () => 0 });
    let failOld: (error: Error) => void = () => {};
    const old = cache.get('/user', () => new Promise((_, reject) => (failOld = reject)));
    cache.clear();
    expect(await cache.get('/user', () => Promise.resolve('new'))).toBe('new');
    failOld(new Error('late'));
    await expect(old).rejects.toThrow('late');
    expect(await cache.get('/user', () => Promise.resolve('fetched again'))).toBe('new');
  });
});

describe('given the retry limits', () => {
  it('does not retry when Retry-After asks for longer than maxDelayMs, and caps the back-off at it', async () => {
    const { env, transport } = scripted([
      () => json(503, {}, { 'Retry-After': '31' }),
      () => json(503, {}),
      () => json(503, {}),
      () => json(200, { ok: 1 }),
    ]);
    await expect(transport.request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
      status: 503,
    });
    expect(env.requests).toHaveLength(1);
    const capped = new Transport({
      environment: env,
      identityHomePath: () => home,
      retry: { limit: 2, delayMs: 800, maxDelayMs: 1000 },
    });
    const call = capped.request({ method: 'GET', url: '/y' });
    // 800 ms, then 1600 ms capped at 1000 ms.
    for (const delay of [800, 1000]) {
      expect(await retryDue(env)).toBe(delay);
      env.advance(delay);
    }
    await expect(call).resolves.toEqual({ ok: 1 });
  });

  it('retries a time-out but not an error that is neither a time-out nor a network failure', async () => {
    const odd = new Error('odd');
    const { env, transport } = scripted([
      () => new Promise<Response>(() => {}),
      () => json(200, { ok: 1 }),
      () => Promise.reject(odd),
    ]);
    const call = transport.request({ method: 'GET', url: '/slow' });
    await vi.waitFor(() => expect(env.requests).toHaveLength(1), { interval: 5 });
    expect(env.nextTimerAt()).toBe(env.now() + 30_000);
    env.advance(30_000);
    expect(await retryDue(env)).toBe(500);
    env.advance(500);
    await expect(call).resolves.toEqual({ ok: 1 });
    await expect(transport.request({ method: 'GET', url: '/odd' })).rejects.toBe(odd);
    expect(env.requests).toHaveLength(3);
  });

  it('reads Retry-After with spaces around it, and a date in the past as no wait', () => {
    expect(retryAfter(' 2 ', 0)).toBe(2000);
    expect(retryAfter(new Date(1000).toUTCString(), 5000)).toBe(0);
    expect(retryAfter('', 0)).toBeUndefined();
    // Only whole seconds count as seconds: no leading or trailing other characters.
    expect(retryAfter('soon5', 0)).toBeUndefined();
    expect(retryAfter('5x', 0)).toBeUndefined();
    expect(retryAfter('12', 0)).toBe(12_000);
  });
});

describe('given a caller’s signal across retries', () => {
  it('leaves no abort listener on the signal after a retried call succeeds or is aborted while it waits', async () => {
    const { env, transport } = scripted([
      () => json(503, {}),
      () => json(200, { ok: 1 }),
      () => json(503, {}),
    ]);
    const done = new AbortController();
    const call = transport.request({ method: 'GET', url: '/x', signal: done.signal });
    env.advance(await retryDue(env));
    await expect(call).resolves.toEqual({ ok: 1 });
    expect(getEventListeners(done.signal, 'abort')).toHaveLength(0);
    const left = new AbortController();
    const waiting = transport.request({ method: 'GET', url: '/y', signal: left.signal });
    await retryDue(env);
    left.abort(new Error('left'));
    await expect(waiting).rejects.toThrow('left');
    expect(getEventListeners(left.signal, 'abort')).toHaveLength(0);
  });

  it('rejects at once, without waiting for the retry, when the caller aborts while the failed answer is discarded', async () => {
    const controller = new AbortController();
    const reason = new Error('left while discarding');
    const { env, transport } = scripted([
      () =>
        new Response(new ReadableStream({ cancel: () => controller.abort(reason) }), {
          status: 503,
        }),
    ]);
    const outcome = transport
      .request({ method: 'GET', url: '/x', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(await outcome).toBe(reason);
    expect(env.nextTimerAt()).toBeUndefined();
    expect(env.requests).toHaveLength(1);
  });

  it('retries a transient answer that has no body', async () => {
    const { env, transport } = scripted([
      () => new Response(null, { status: 503 }),
      () => json(200, { ok: 1 }),
    ]);
    const call = transport.request({ method: 'GET', url: '/x' });
    env.advance(await retryDue(env));
    await expect(call).resolves.toEqual({ ok: 1 });
  });
});

describe('given cached calls and changes', () => {
  it('forgets cached answers after a successful change but not after a HEAD', async () => {
    const { env, transport } = scripted([() => json(200, { n: env.requests.length })]);
    const get = () => transport.request({ method: 'GET', url: '/user', cache: true });
    expect(await get()).toEqual({ n: 1 });
    await transport.request({ method: 'HEAD', url: '/user' });
    expect(await get()).toEqual({ n: 1 });
    await transport.request({ method: 'PUT', url: '/user', body: {} });
    expect(await get()).toEqual({ n: 4 });
  });

  it('rejects at once with the reason of a signal aborted before the call', async () => {
    const { env, transport } = scripted([() => json(200, {})]);
    const reason = new Error('already gone');
    const call = transport.request({
      method: 'GET',
      url: '/user',
      cache: true,
      signal: AbortSignal.abort(reason),
    });
    await expect(call).rejects.toBe(reason);
    expect(await transport.request({ method: 'GET', url: '/user', cache: true })).toEqual({});
    expect(env.requests).toHaveLength(1);
  });
});
