import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError, HttpError, NetworkError } from '../errors.ts';
import { fakeEnvironment, json, settled } from '../test-support/fakeEnvironment.ts';
import { isSignedOutError, signInUrl } from './authRedirect.ts';
import { Transport, type TransportOptions } from './transport.ts';

const home = '/identity-service/home';
/** Where the fake page (`/demo/`) is sent to sign in. */
const signIn = `${home}?returnTo=%2Fdemo%2F`;
const transportFor = (
  env: ReturnType<typeof fakeEnvironment>,
  options: Partial<TransportOptions> = {},
) => new Transport({ environment: env, identityHomePath: () => home, ...options });

describe('given answers that say the user is not signed in', () => {
  it('[PC-2.1] [PC-7.2] sends the browser to identity home once, however many calls fail at once, and leaves them pending', async () => {
    const env = fakeEnvironment(() =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }),
    );
    const transport = transportFor(env);
    const calls = [1, 2, 3].map((n) => transport.request({ method: 'GET', url: `/x/${n}` }));
    expect(await Promise.all(calls.map(settled))).toEqual(['pending', 'pending', 'pending']);
    expect(env.navigations).toEqual([signIn]);
  });

  it('[PC-7.2] treats a 400 with error code SS_001 as unauthenticated', async () => {
    const env = fakeEnvironment(() =>
      json(400, { error: { code: 'SS_001', message: 'Session ended' } }),
    );
    const call = transportFor(env).request({ method: 'GET', url: '/x' });
    expect(await settled(call)).toBe('pending');
    expect(env.navigations).toEqual([signIn]);
  });

  it('[PC-7.3] rejects a 400 with any other code to the caller without redirecting', async () => {
    const env = fakeEnvironment(() => json(400, { error: { code: 'VALIDATION', message: 'bad' } }));
    await expect(transportFor(env).request({ method: 'GET', url: '/x' })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(env.navigations).toEqual([]);
  });

  it.each([403, 404, 500, 503])(
    '[PC-7.2] rejects a %i carrying code SS_001 to the caller without redirecting: only a 400 means the session ended',
    async (status) => {
      const env = fakeEnvironment(() =>
        json(status, { error: { code: 'SS_001', message: 'Session ended' } }),
      );
      await expect(transportFor(env).request({ method: 'POST', url: '/x' })).rejects.toMatchObject({
        status,
      });
      expect(env.navigations).toEqual([]);
    },
  );

  it('treats a page below the login path as on it, and a page whose path only ends with it as elsewhere', async () => {
    const below = fakeEnvironment(() => json(401, {}), {
      href: `https://app.example.com${home}/step-2`,
    });
    await expect(transportFor(below).request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(below.navigations).toEqual([]);

    const elsewhere = fakeEnvironment(() => json(401, {}), {
      href: `https://app.example.com/demo${home}`,
    });
    const call = transportFor(elsewhere).request({ method: 'GET', url: '/x' });
    expect(await settled(call)).toBe('pending');
    expect(elsewhere.navigations).toEqual([`${home}?returnTo=%2Fdemo%2Fidentity-service%2Fhome`]);
  });

  it('[PC-7.3] rejects a 400 whose body is not JSON, is null, or has no error object, without redirecting', async () => {
    const bodies = [
      () => new Response('SS_001', { status: 400 }),
      () => json(400, null),
      () => json(400, { code: 'SS_001' }),
      () => json(400, { error: 'SS_001' }),
    ];
    for (const body of bodies) {
      const env = fakeEnvironment(body);
      await expect(transportFor(env).request({ method: 'POST', url: '/x' })).rejects.toMatchObject({
        status: 400,
      });
      expect(env.navigations).toEqual([]);
    }
  });

  it('does not redirect while the page is already on the login path, and rejects instead', async () => {
    const env = fakeEnvironment(() => json(401, {}), { href: `https://app.example.com${home}` });
    await expect(transportFor(env).request({ method: 'GET', url: '/x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(env.navigations).toEqual([]);
  });

  it('lets calls of the login and renewal flows handle a 401 themselves', async () => {
    const env = fakeEnvironment(() => json(401, {}));
    const call = transportFor(env).request({
      method: 'GET',
      url: '/jwt/Renew',
      exemptFromAuthRedirect: true,
    });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(env.navigations).toEqual([]);
  });
});

describe('given a page that the session ended on', () => {
  const unauthenticated = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } });

  it('sends the browser to sign in with the page’s path, query and fragment as returnTo', async () => {
    const env = fakeEnvironment(unauthenticated, {
      href: 'https://app.example.com/app/deep/link.html?tab=2&q=a%20b#row-3',
    });
    void transportFor(env).request({ method: 'GET', url: '/x' });
    await vi.waitFor(() =>
      expect(env.navigations).toEqual([
        `${home}?returnTo=%2Fapp%2Fdeep%2Flink.html%3Ftab%3D2%26q%3Da%2520b%23row-3`,
      ]),
    );
  });

  it('keeps the query of a configured sign-in path and adds returnTo to it', async () => {
    const env = fakeEnvironment(unauthenticated);
    void transportFor(env, { identityHomePath: () => '/login/?lang=de#form' }).request({
      method: 'GET',
      url: '/x',
    });
    await vi.waitFor(() =>
      expect(env.navigations).toEqual(['/login/?lang=de&returnTo=%2Fdemo%2F#form']),
    );
  });

  it('treats a page below a configured sign-in path that has a query as on it, and rejects', async () => {
    const env = fakeEnvironment(unauthenticated, { href: 'https://app.example.com/login/step' });
    const call = transportFor(env, { identityHomePath: () => '/login?lang=de' }).request({
      method: 'GET',
      url: '/x',
    });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(env.navigations).toEqual([]);
  });

  it('leaves returnTo out when the page’s own path would lead to another origin', async () => {
    const env = fakeEnvironment(unauthenticated, {
      href: 'https://app.example.com//evil.example/page',
    });
    void transportFor(env).request({ method: 'GET', url: '/x' });
    await vi.waitFor(() => expect(env.navigations).toEqual([home]));
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example/identity-service/home',
    '//evil.example/identity-service/home',
    '/\\evil.example/identity-service/home',
    '/.//evil.example/',
  ])(
    'refuses a configured identityHomePath %j: the call rejects with a ConfigurationError and the browser stays',
    async (path) => {
      const env = fakeEnvironment(unauthenticated);
      const call = transportFor(env, { identityHomePath: () => path }).request({
        method: 'GET',
        url: '/x',
      });
      await expect(call).rejects.toThrow(ConfigurationError);
      await expect(call).rejects.toThrow(
        `Config identityHomePath is not a same-origin path: ${JSON.stringify(path)}`,
      );
      expect(env.navigations).toEqual([]);
    },
  );
});

describe('given a client whose application routes itself (onUnauthenticated)', () => {
  it('tells it once with the sign-in address, navigates nowhere, and rejects every call with its HttpError', async () => {
    const env = fakeEnvironment((url) =>
      url.pathname === '/a'
        ? json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } })
        : json(400, { error: { code: 'SS_001', message: 'Session ended' } }),
    );
    const events: unknown[] = [];
    const transport = transportFor(env, { onUnauthenticated: (event) => events.push(event) });
    const calls = ['/a', '/b', '/a'].map((url) => transport.request({ method: 'GET', url }));
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const errors = results.map((r) => (r as PromiseRejectedResult).reason as HttpError);
    expect(errors.every((e) => e instanceof HttpError)).toBe(true);
    expect(errors.map((e) => [e.status, e.code])).toEqual([
      [401, 'UNAUTHENTICATED'],
      [400, 'SS_001'],
      [401, 'UNAUTHENTICATED'],
    ]);
    expect(events).toEqual([{ signInUrl: signIn }]);
    expect(env.navigations).toEqual([]);
  });

  it('is not told on the sign-in page itself', async () => {
    const env = fakeEnvironment(() => json(401, {}), { href: `https://app.example.com${home}` });
    const events: unknown[] = [];
    const call = transportFor(env, { onUnauthenticated: (e) => events.push(e) }).request({
      method: 'GET',
      url: '/x',
    });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual([]);
  });
});

describe('signInUrl', () => {
  it('adds a same-origin returnTo to the default sign-in path, or to the one given', () => {
    expect(signInUrl('/app/deep/link.html?x=1')).toBe(
      '/identity-service/home?returnTo=%2Fapp%2Fdeep%2Flink.html%3Fx%3D1',
    );
    expect(signInUrl('/app/', '/sign-in?lang=en')).toBe('/sign-in?lang=en&returnTo=%2Fapp%2F');
  });

  it('leaves out a returnTo that is not a same-origin path', () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/', '/.//evil.example/', 'x']) {
      expect(signInUrl(returnTo)).toBe('/identity-service/home');
    }
  });

  it('raises a ConfigurationError for a sign-in path on another origin', () => {
    expect(() => signInUrl('/app/', 'https://evil.example/home')).toThrow(ConfigurationError);
  });
});

describe('isSignedOutError', () => {
  const request = { method: 'GET', url: '/x', requestId: 'r' };
  const error = (status: number, code?: string) =>
    new HttpError({ status, body: code ? { error: { code, message: 'm' } } : '', request });

  it('is true for a 401 and a 400 with SS_001, false for other statuses, codes and errors', () => {
    expect(isSignedOutError(error(401))).toBe(true);
    expect(isSignedOutError(error(400, 'SS_001'))).toBe(true);
    expect(isSignedOutError(error(400, 'VALIDATION'))).toBe(false);
    expect(isSignedOutError(error(403, 'SS_001'))).toBe(false);
    expect(isSignedOutError(error(403))).toBe(false);
    expect(isSignedOutError(new NetworkError('offline'))).toBe(false);
    expect(isSignedOutError({ status: 401 })).toBe(false);
  });
});
