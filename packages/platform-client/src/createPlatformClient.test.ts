import { describe, expect, it } from 'vitest';
import { createPlatformClient } from './createPlatformClient.ts';
import { ConfigurationError } from './errors.ts';
import { fakeConfig, fakeEnvironment, json } from './test-support/fakeEnvironment.ts';
import { channelHub, fakeLocks, makeJwt, run, tab } from './test-support/fakeTabs.ts';

/** A fake platform: the config, logout, and a contribution list that changes per call. */
function platform() {
  let served = 0;
  const base = fakeEnvironment((url, init) => {
    if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
    if (url.pathname.includes('ProductContribution')) return json(200, { value: [], n: ++served });
    if (init.method === 'POST') return new Response(null, { status: 204 });
    return json(404, {});
  });
  return { base, served: () => served };
}

describe('given two tabs with a client each', () => {
  it('[PC-2.2] logging out in one ends the session, and both go to the identity logout path with their page as returnTo', async () => {
    const { base } = platform();
    const hub = channelHub();
    const locks = fakeLocks();
    const navigations: string[][] = [[], []];
    const clients = [0, 1].map((i) =>
      createPlatformClient({
        environment: {
          ...tab(base, { hub, locks }),
          location: { href: base.href, assign: (url) => navigations[i]?.push(url) },
        },
      }),
    );
    for (const client of clients) client.startSession({ token: { peerWaitMs: 0 } });
    await run(base, 1000);
    const logout = clients[0]?.logout();
    await run(base, 1000);
    await logout;
    expect(base.requests.filter((r) => r.url.pathname.endsWith('/session/logout'))).toHaveLength(1);
    const away = '/identity-service/logout?returnTo=%2Fdemo%2F';
    expect(navigations).toEqual([[away], [away]]);
  });
});

describe('given a shell config whose logout path leads off the page’s origin', () => {
  it.each([
    'javascript:alert(1)',
    'https://evil.example/logout',
    '//evil.example/logout',
    '/\\evil.example/logout',
  ])(
    'logout with identityLogoutPath %j ends the session, then raises a ConfigurationError instead of navigating',
    async (identityLogoutPath) => {
      const env = fakeEnvironment((url, init) => {
        if (url.pathname.endsWith('/config'))
          return json(200, { ...fakeConfig, identityLogoutPath });
        return init.method === 'POST' ? new Response(null, { status: 204 }) : json(404, {});
      });
      const client = createPlatformClient({ environment: env });
      await expect(client.logout()).rejects.toThrow(ConfigurationError);
      await expect(createPlatformClient({ environment: env }).logout()).rejects.toThrow(
        `Config identityLogoutPath is not a same-origin path: ${JSON.stringify(identityLogoutPath)}`,
      );
      expect(env.requests.filter((r) => r.url.pathname.endsWith('/session/logout'))).toHaveLength(
        2,
      );
      expect(env.navigations).toEqual([]);
    },
  );
});

describe('given cached calls of a client', () => {
  it('[PC-9.4] serves product contributions from the cache until selectOrg clears it', async () => {
    const { base, served } = platform();
    const client = createPlatformClient({ environment: base });
    await client.auth.getProductContribution('demo-host');
    await client.auth.getProductContribution('demo-host');
    expect(served()).toBe(1);
    await client.selectOrg('org-emea-000002');
    await client.auth.getProductContribution('demo-host');
    expect(served()).toBe(2);
  });
});

describe('given a session whose token changes hands', () => {
  /** A platform whose tokens name `user.id`, and whose contribution list changes per call. */
  function identityPlatform(user: { id: string }) {
    let served = 0;
    const base = fakeEnvironment((url) => {
      if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
      if (url.pathname.includes('ProductContribution'))
        return json(200, { value: [], n: ++served });
      if (/\/jwt\/(Token|Renew2?)$/.test(url.pathname)) {
        const iat = Math.floor(base.now() / 1000);
        const jwt = makeJwt({
          nonce: url.searchParams.get('nonce'),
          client_id: url.searchParams.get('client_id'),
          user_id: user.id,
          org_id: 'org-acme-000001',
          iat,
          exp: iat + 300,
        });
        return json(200, { jwt_token: jwt, session_expiry: '2030-01-01T00:00:00Z' });
      }
      return json(404, {});
    });
    return { base, served: () => served };
  }

  it.each([
    ['another user', 'usr-lee-0000001', 2],
    ['the same user', 'usr-ada-0000001', 1],
  ])('clears the cache when a renewed token names %s, and only then', async (_, next, fetches) => {
    const user = { id: 'usr-ada-0000001' };
    const { base, served } = identityPlatform(user);
    const client = createPlatformClient({ environment: tab(base, { hub: channelHub() }) });
    const session = client.startSession({ token: { peerWaitMs: 0 } });
    await run(base, 1000);
    await client.auth.getProductContribution('demo-host');
    user.id = next;
    // Past the renewal (about 4 minutes before the 5-minute expiry), within the cache's 5 minutes.
    await run(base, 90_000);
    await client.auth.getProductContribution('demo-host');
    session.stop();
    expect(
      base.requests.filter((r) => /\/jwt\/Renew2?$/.test(r.url.pathname)).length,
    ).toBeGreaterThan(0);
    expect(served()).toBe(fetches);
  });
});

describe('given a first load of a page that is not signed in', () => {
  it('goes to sign-in and logs no error or warning on the way: the 401s are the expected redirect', async () => {
    const env = fakeEnvironment((url) =>
      url.pathname.endsWith('/config')
        ? json(200, fakeConfig)
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } }),
    );
    const logged: unknown[][] = [];
    const console = {
      error: (...data: unknown[]) => logged.push(['error', ...data]),
      warn: (...data: unknown[]) => logged.push(['warn', ...data]),
      info: () => {},
    };
    const client = createPlatformClient({ environment: { ...env, console } });
    // What a page does first: start the session (its JWT), and read the user.
    client.startSession();
    void client.session.getUser();
    await run(env, 1000);
    expect(env.navigations).toEqual(['/identity-service/home?returnTo=%2Fdemo%2F']);
    expect(env.requests.map((r) => r.url.pathname)).toContain('/identity-service/api/v1/jwt/Token');
    expect(logged).toEqual([]);
  });
});

describe('given a server renderer (no window, no document)', () => {
  it('creates the default client without touching the browser, and a call fails with a ConfigurationError naming the Node environment', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const client = createPlatformClient();
    const error = await client.shell.getConfig().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('nodeEnvironment');
  });
});
