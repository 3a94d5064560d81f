import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, InvalidResponseError, NetworkError, TimeoutError } from '../errors.ts';
import { anyUrl } from '../test-support/arbitraries.ts';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { isTrustedOrigin, readCookie } from './headers.ts';
import { Transport } from './transport.ts';

const transportFor = (env: ReturnType<typeof fakeEnvironment>, platformOrigins: string[] = []) =>
  new Transport({
    environment: env,
    platformOrigins,
    identityHomePath: () => '/identity-service/home',
    retry: { limit: 0 },
  });

describe('given a call through the transport', () => {
  it('[PC-7.1] sends X-Requested-With, correlation ids, credentials and the XSRF token to its own origin', async () => {
    const env = fakeEnvironment(() => json(200, { ok: true }), {
      cookies: 'other=1; XSRF-TOKEN=tok%3D123',
    });
    await transportFor(env).request({
      method: 'POST',
      url: '/session-service/api/v1/x',
      body: { a: 1 },
    });
    const [sent] = env.requests;
    expect(sent?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent?.headers.get('X-Request-Id')).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(sent?.headers.get('X-Correlation-Id')).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(sent?.headers.get('X-XSRF-TOKEN')).toBe('tok=123');
    expect(sent?.init.credentials).toBe('include');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
  });

  it('gives every call its own request id and keeps one correlation id per client', async () => {
    const env = fakeEnvironment(() => json(200, {}));
    const transport = transportFor(env);
    await transport.request({ method: 'GET', url: '/a' });
    await transport.request({ method: 'GET', url: '/b' });
    const [a, b] = env.requests.map((r) => r.headers);
    expect(a?.get('X-Request-Id')).not.toBe(b?.get('X-Request-Id'));
    expect(a?.get('X-Correlation-Id')).toBe(b?.get('X-Correlation-Id'));
  });

  it('[PC-7.1] never sends the XSRF token to an origin that is not the page’s or a configured platform origin', async () => {
    const page = 'https://app.example.com';
    const platform = 'https://api.example.com:8443';
    const urls = fc.oneof(
      anyUrl,
      fc.constantFrom(
        `${page}/x`,
        `${platform}/y`,
        'https://app.example.com.evil.test/x',
        'http://app.example.com/x',
        'https://app.example.com:444/x',
        'https://api.example.com/y',
        'ftp://app.example.com/x',
      ),
    );
    await fc.assert(
      fc.asyncProperty(urls, async (url) => {
        const env = fakeEnvironment(() => json(200, {}), { cookies: 'XSRF-TOKEN=secret' });
        await transportFor(env, [platform])
          .request({ method: 'POST', url })
          .catch(() => undefined);
        const sent = env.requests[0];
        if (!sent) return; // not an http(s) URL fetch would take
        const trusted = sent.url.origin === page || sent.url.origin === platform;
        expect(sent.headers.get('X-XSRF-TOKEN')).toBe(trusted ? 'secret' : null);
        expect(isTrustedOrigin(sent.url, page, [platform])).toBe(trusted);
      }),
      { numRuns: 200 },
    );
  });

  it('[PC-7.1] removes an XSRF header the caller set when the call goes to an untrusted origin, and keeps the cookie’s for a trusted one', async () => {
    const env = fakeEnvironment(() => json(200, {}), { cookies: 'XSRF-TOKEN=secret' });
    const transport = transportFor(env, ['https://api.example.com']);
    const preset = { 'X-XSRF-TOKEN': 'preset' };
    await transport.request({ method: 'POST', url: 'https://evil.test/x', headers: preset });
    await transport.request({ method: 'POST', url: 'https://api.example.com/y', headers: preset });
    expect(env.requests.map((r) => r.headers.get('X-XSRF-TOKEN'))).toEqual([null, 'secret']);
  });

  it('[PC-7.1] reads the XSRF cookie by its exact name, decoded, and sends no header for an empty or undecodable one', () => {
    const cases: [string, string | undefined][] = [
      ['a=1; XSRF-TOKEN=x%20y; b=2', 'x y'],
      ['  XSRF-TOKEN =  v  ', 'v'],
      ['XXSRF-TOKEN=1; XSRF-TOKENS=2', undefined],
      ['XSRF-TOKEN; a=XSRF-TOKEN=3', undefined],
      ['XSRF-TOKEN=%E0%A4%A', undefined],
      ['XSRF-TOKEN=%E0%A4%A; XSRF-TOKEN=later', undefined],
      ['XSRF-TOKENx; XSRF-TOKEN=v', 'v'],
      ['XSRF-TOKEN1', undefined],
      ['XSRF-TOKEN=a=b', 'a=b'],
      ['', undefined],
    ];
    for (const [cookies, token] of cases)
      expect(readCookie(cookies, 'XSRF-TOKEN'), cookies).toBe(token);
  });

  it('[PC-7.1] sends no XSRF header when the cookie is empty', async () => {
    const env = fakeEnvironment(() => json(200, {}), { cookies: 'XSRF-TOKEN=' });
    await transportFor(env).request({ method: 'POST', url: '/x' });
    expect(env.requests[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('trusts only http(s) addresses, even when a blob: or file: address has the page’s origin', () => {
    const page = 'https://app.example.com';
    expect(isTrustedOrigin(new URL(`blob:${page}/4f1c`), page, [])).toBe(false);
    expect(
      isTrustedOrigin(new URL('blob:https://api.example.com/4f1c'), page, [
        'https://api.example.com',
      ]),
    ).toBe(false);
    expect(isTrustedOrigin(new URL('file:///etc/passwd'), 'null', ['null'])).toBe(false);
    expect(isTrustedOrigin(new URL(`${page}/x`), page, [])).toBe(true);
    expect(isTrustedOrigin(new URL('http://localhost:4100/x'), 'http://localhost:4100', [])).toBe(
      true,
    );
  });

  it('[PC-7.3] rejects a failure with an HttpError carrying status, error code, body and request id', async () => {
    const body = { error: { code: 'NOT_FOUND', message: 'No such thing.' } };
    const env = fakeEnvironment(() => json(404, body));
    const error = await transportFor(env)
      .request({ method: 'GET', url: '/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: 'HttpError', status: 404, code: 'NOT_FOUND', body });
    expect((error as HttpError).request?.requestId).toBe(
      env.requests[0]?.headers.get('X-Request-Id'),
    );
  });

  it('rejects with a NetworkError when the server cannot be reached', async () => {
    const env = fakeEnvironment(() => Promise.reject(new TypeError('fetch failed')));
    await expect(transportFor(env).request({ method: 'GET', url: '/x' })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('rejects with a TimeoutError when no answer comes within the time-out', async () => {
    const env = fakeEnvironment(() => new Promise<Response>(() => {}));
    const call = new Transport({
      environment: env,
      timeoutMs: 5000,
      identityHomePath: () => '/',
      retry: { limit: 0 },
    }).request({
      method: 'GET',
      url: '/slow',
    });
    env.advance(5000);
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
  });

  it('rejects with the caller’s abort reason when the caller aborts', async () => {
    const env = fakeEnvironment(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const call = transportFor(env).request({
      method: 'GET',
      url: '/slow',
      signal: controller.signal,
    });
    controller.abort(new Error('user left'));
    await expect(call).rejects.toThrow('user left');
  });

  it('rejects a success whose JSON is malformed with an InvalidResponseError', async () => {
    const env = fakeEnvironment(
      () => new Response('{"a":', { headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(transportFor(env).request({ method: 'GET', url: '/x' })).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
  });

  it('resolves an empty answer as undefined', async () => {
    const env = fakeEnvironment(() => new Response(null, { status: 204 }));
    await expect(
      transportFor(env).request({ method: 'DELETE', url: '/x' }),
    ).resolves.toBeUndefined();
  });
});

/** A server that gives the answers in turn, one per call. */
function inTurn(answers: (() => Response | Promise<Response>)[]) {
  let n = 0;
  return fakeEnvironment(() => {
    const answer = answers[n++];
    if (!answer) throw new Error('no answer left');
    return answer();
  });
}

describe('given the transport’s request rules', () => {
  const make = (env: ReturnType<typeof fakeEnvironment>, retry = {}) =>
    new Transport({ environment: env, identityHomePath: () => '/home', retry });

  it('sends query values as strings, drops undefined ones, asks for JSON unless a blob is wanted, and sends no content type without a body', async () => {
    const env = fakeEnvironment(() => new Response('ok'));
    const transport = make(env, { limit: 0 });
    await transport.request({
      method: 'GET',
      url: '/q?a=0',
      query: { a: 1, b: false, c: undefined, d: 'x y' },
    });
    await transport.request({ method: 'GET', url: '/file', responseType: 'blob' });
    expect(env.requests[0]?.url.href).toBe('https://app.example.com/q?a=1&b=false&d=x+y');
    expect(env.requests.map((r) => r.headers.get('Accept'))).toEqual(['application/json', '*/*']);
    expect(env.requests[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('sends FormData and Blob bodies as they are, without a JSON content type', async () => {
    const env = fakeEnvironment(() => json(200, {}));
    const transport = make(env, { limit: 0 });
    const form = new FormData();
    form.set('f', 'v');
    const blob = new Blob(['bytes']);
    await transport.request({ method: 'POST', url: '/f', body: form });
    await transport.request({ method: 'POST', url: '/b', body: blob });
    expect(env.requests.map((r) => r.init.body)).toEqual([form, blob]);
    expect(env.requests.map((r) => r.headers.get('Content-Type'))).toEqual([null, null]);
  });

  it('resolves a text answer as its text, a blob answer as a Blob, and a failed blob call as an HttpError', async () => {
    const answers = [
      () => new Response('plain', { headers: { 'Content-Type': 'text/plain' } }),
      () => new Response('bytes', { headers: { 'Content-Type': 'application/json' } }),
      () =>
        new Response('not json', { status: 400, headers: { 'Content-Type': 'application/json' } }),
    ];
    const env = inTurn(answers);
    const transport = make(env, { limit: 0 });
    expect(await transport.request({ method: 'GET', url: '/t' })).toBe('plain');
    const blob = await transport.request({ method: 'GET', url: '/b', responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe('bytes');
    await expect(
      transport.request({ method: 'GET', url: '/e', responseType: 'blob' }),
    ).rejects.toMatchObject({ name: 'HttpError', status: 400, body: 'not json' });
  });

  it('follows the auth redirect unless the call is exempt', async () => {
    const env = fakeEnvironment(() => json(401, {}));
    const transport = make(env, { limit: 0 });
    await expect(
      transport.request({ method: 'GET', url: '/x', exemptFromAuthRedirect: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(env.navigations).toEqual([]);
    void transport.request({ method: 'GET', url: '/x' });
    await vi.waitFor(() => expect(env.navigations).toEqual(['/home?returnTo=%2Fdemo%2F']), {
      interval: 5,
    });
  });
});

describe('given a failed call', () => {
  const make = (env: ReturnType<typeof fakeEnvironment>) =>
    new Transport({
      environment: env,
      identityHomePath: () => '/home',
      timeoutMs: 1000,
      retry: { limit: 0 },
    });
  /** An answer whose body never ends, and fails once the call's signal aborts (as fetch's does). */
  const endless = (_url: URL, init: RequestInit) =>
    new Response(
      new ReadableStream({
        start(controller) {
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );

  it('names the call in time-out, network and malformed-JSON errors and keeps the request and cause', async () => {
    const offline = new TypeError('offline');
    const answers = [
      () => new Promise<Response>(() => {}),
      () => Promise.reject(offline),
      () => new Response('{', { headers: { 'Content-Type': 'application/json' } }),
    ];
    const env = inTurn(answers);
    const transport = make(env);
    const slow = transport.request({ method: 'GET', url: '/slow' }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(env.requests).toHaveLength(1), { interval: 5 });
    env.advance(1000);
    const timeout = (await slow) as TimeoutError;
    expect(timeout.message).toBe('GET https://app.example.com/slow got no answer within 1000 ms');
    expect(timeout.request?.url).toBe('https://app.example.com/slow');
    const network = (await transport
      .request({ method: 'PUT', url: '/n' })
      .catch((e: unknown) => e)) as NetworkError;
    expect(network.message).toBe('PUT https://app.example.com/n could not reach the server');
    expect(network.cause).toBe(offline);
    expect(network.request?.method).toBe('PUT');
    const malformed = (await transport
      .request({ method: 'GET', url: '/m' })
      .catch((e: unknown) => e)) as InvalidResponseError;
    expect(malformed.message).toBe('GET https://app.example.com/m answered with malformed JSON');
    expect(malformed.cause).toBeInstanceOf(SyntaxError);
    expect(malformed.request?.url).toBe('https://app.example.com/m');
    expect(env.nextTimerAt()).toBeUndefined();
  });

  it('rejects with a TimeoutError when the body does not arrive in time, and with the caller’s reason when the caller aborts while it reads', async () => {
    const env = fakeEnvironment(endless);
    const transport = make(env);
    const slow = transport.request({ method: 'GET', url: '/body' }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(env.requests).toHaveLength(1), { interval: 5 });
    env.advance(1000);
    expect(await slow).toMatchObject({
      name: 'TimeoutError',
      message: 'GET https://app.example.com/body got no answer within 1000 ms',
      request: { method: 'GET' },
    });
    const controller = new AbortController();
    const left = transport.request({ method: 'GET', url: '/body', signal: controller.signal });
    await vi.waitFor(() => expect(env.requests).toHaveLength(2), { interval: 5 });
    const reason = new Error('left');
    controller.abort(reason);
    await expect(left).rejects.toBe(reason);
  });

  it('keeps the text of a failed answer whose JSON is malformed as the HttpError’s body', async () => {
    const env = fakeEnvironment(
      () => new Response('oops', { status: 502, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(make(env).request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
      name: 'HttpError',
      status: 502,
      body: 'oops',
    });
  });
});

describe('given a call carrying the XSRF token that is redirected', () => {
  const redirect = (status: number, location?: string) =>
    new Response(null, { status, headers: location === undefined ? {} : { Location: location } });
  const guardedEnv = (handler: Parameters<typeof fakeEnvironment>[0]) =>
    fakeEnvironment(handler, { cookies: 'XSRF-TOKEN=secret' });

  it.each([301, 302, 303, 307, 308])(
    'does not follow a %i: it asks fetch for no redirects, rejects with NetworkError, and sends nothing further',
    async (status) => {
      const env = guardedEnv(() => redirect(status, 'https://evil.example/steal'));
      const call = transportFor(env).request({ method: 'POST', url: '/api/x', body: {} });
      await expect(call).rejects.toThrow(NetworkError);
      await expect(call).rejects.toThrow(
        'POST https://app.example.com/api/x was redirected: not followed (XSRF)',
      );
      expect(env.requests.map((r) => [r.url.href, r.init.redirect])).toEqual([
        ['https://app.example.com/api/x', 'manual'],
      ]);
    },
  );

  it('rejects a redirect whose target the browser hides (opaque redirect)', async () => {
    const env = guardedEnv(() =>
      Object.defineProperty(new Response(null, { status: 200 }), 'type', {
        value: 'opaqueredirect',
      }),
    );
    await expect(transportFor(env).request({ method: 'GET', url: '/x' })).rejects.toThrow(
      NetworkError,
    );
  });

  it('is not retried when refused, even when idempotent calls are', async () => {
    const env = guardedEnv(() => redirect(308, 'https://evil.example/'));
    const transport = new Transport({
      environment: env,
      identityHomePath: () => '/home',
      retry: { limit: 2, delayMs: 0 },
    });
    await expect(transport.request({ method: 'GET', url: '/x' })).rejects.toThrow(NetworkError);
    expect(env.requests).toHaveLength(1);
  });

  it('treats 300 and 304 as answers, not redirects', async () => {
    for (const status of [300, 304]) {
      const env = guardedEnv(() => redirect(status, '/elsewhere'));
      await expect(transportFor(env).request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
        name: 'HttpError',
        status,
      });
    }
  });

  it('lets fetch follow redirects of a call without the token', async () => {
    const env = fakeEnvironment(() => json(200, { ok: 1 }));
    expect(
      await transportFor(env).request({ method: 'GET', url: 'https://other.example/x' }),
    ).toEqual({ ok: 1 });
    expect(env.requests.map((r) => r.init.redirect)).toEqual(['follow']);
  });
});
