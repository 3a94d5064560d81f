import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { fakeEnvironment, json, settled } from '../testing/fakeEnvironment.ts';
import { Transport } from './transport.ts';

const home = '/identity-service/home';
const transportFor = (env: ReturnType<typeof fakeEnvironment>) =>
  new Transport({ environment: env, identityHomePath: () => home });

describe('given answers that say the user is not signed in', () => {
  it('[PC-2.1] [PC-7.2] sends the browser to identity home once, however many calls fail at once, and leaves them pending', async () => {
    const env = fakeEnvironment(() =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }),
    );
    const transport = transportFor(env);
    const calls = [1, 2, 3].map((n) => transport.request({ method: 'GET', url: `/x/${n}` }));
    expect(await Promise.all(calls.map(settled))).toEqual(['pending', 'pending', 'pending']);
    expect(env.navigations).toEqual([home]);
  });

  it('[PC-7.2] treats a 400 with error code SS_001 as unauthenticated', async () => {
    const env = fakeEnvironment(() =>
      json(400, { error: { code: 'SS_001', message: 'Session ended' } }),
    );
    const call = transportFor(env).request({ method: 'GET', url: '/x' });
    expect(await settled(call)).toBe('pending');
    expect(env.navigations).toEqual([home]);
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
    expect(elsewhere.navigations).toEqual([home]);
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
