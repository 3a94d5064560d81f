import { describe, expect, it } from 'vitest';
import { createPlatformClient } from './createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from './testing/fakeEnvironment.ts';
import { channelHub, fakeLocks, run, tab } from './testing/fakeTabs.ts';

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
  it('[PC-2.2] logging out in one ends the session, and both go to the identity logout path', async () => {
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
    expect(navigations).toEqual([['/identity-service/logout'], ['/identity-service/logout']]);
  });
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
