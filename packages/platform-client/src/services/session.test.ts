import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';

/** A platform whose `session/User` answers a new `n` per request, or fails when told to. */
function platform() {
  let reads = 0;
  let failing = false;
  const base = fakeEnvironment((url, init) => {
    if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
    if (url.pathname.endsWith('/session/User')) {
      reads += 1;
      return failing ? json(400, {}) : json(200, { id: 'usr-ada-0000001', n: reads });
    }
    if (init.method === 'POST') return new Response(null, { status: 204 });
    return json(404, {});
  });
  const client = createPlatformClient({ environment: base });
  const n = async (options?: Parameters<typeof client.session.getUser>[0]) =>
    ((await client.session.getUser(options)) as unknown as { n: number }).n;
  return {
    client,
    n,
    reads: () => reads,
    fail: (value: boolean) => (failing = value),
  };
}

describe('given the page’s user, read through session.getUser', () => {
  it('shares one session/User request among callers at once and after it answered', async () => {
    const { n, reads } = platform();
    expect(await Promise.all([n(), n()])).toEqual([1, 1]);
    expect(await n()).toBe(1);
    expect(reads()).toBe(1);
  });

  it('reads again when asked for a fresh answer, and shares that answer from then on', async () => {
    const { n, reads } = platform();
    await n();
    expect(await n({ fresh: true })).toBe(2);
    expect(await n()).toBe(2);
    expect(reads()).toBe(2);
  });

  it('keeps the user across other writes (keep-alive) and reads again after selectOrg', async () => {
    const { client, n, reads } = platform();
    await n();
    await client.auth.keepAlive();
    expect(await n()).toBe(1);
    await client.selectOrg('org-emea-000002');
    expect(await n()).toBe(2);
    expect(reads()).toBe(2);
  });

  it('keeps no failure: the next caller asks again', async () => {
    const { n, reads, fail } = platform();
    fail(true);
    await expect(n()).rejects.toMatchObject({ status: 400 });
    fail(false);
    expect(await n()).toBe(2);
    expect(reads()).toBe(2);
  });

  it('lets one caller stop waiting with its signal without failing the shared request', async () => {
    const { client, n, reads } = platform();
    const controller = new AbortController();
    const stopped = client.session.getUser({ signal: controller.signal });
    const other = n();
    controller.abort(new Error('stop'));
    await expect(stopped).rejects.toThrow('stop');
    expect(await other).toBe(1);
    expect(reads()).toBe(1);
  });
});
