import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, InvalidResponseError, NetworkError, TimeoutError } from '../errors.ts';
import { anyUrl } from '../testing/arbitraries.ts';
import { fakeEnvironment, json } from '../testing/fakeEnvironment.ts';
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
