import { DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlatformClient, HttpError } from '@ics/platform-client';
import { nodeEnvironment } from '@ics/platform-client/node';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

describe('given a client signed in as Ada Admin, over real HTTP', () => {
  it('[PC-7.5] reads the session of the signed-in user', async () => {
    const { client } = await signedInClient(url, 'ada');
    const user = await client.session.getUser();
    expect(user).toMatchObject({
      id: 'usr-ada-0000001',
      displayName: 'Ada Admin',
      orgId: 'org-acme-000001',
    });
    expect(user.effectivePrivileges).toContain('admin');
  });

  it('reads the product fetch: licences, user products and all products', async () => {
    const { client } = await signedInClient(url, 'ada');
    const products = await client.shell.getProductsWithLicenses();
    expect(products.licensedProducts).toContain('cdi');
    expect(products.allProducts.length).toBeGreaterThanOrEqual(5);
    expect(products.userProducts.length).toBe(products.allProducts.length);
  });

  it('[PC-7.8] creates, reads filtered, updates and deletes user preferences', async () => {
    const { client } = await signedInClient(url, 'ada');
    const prefs = client.preferences.forUser('usr-ada-0000001');
    await prefs.create({ fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: 'cdi' });
    await prefs.create({ fullyQualifiedName: 'Other.key', value: 'x' });
    expect(await prefs.list(DEFAULT_SERVICE_PREFERENCE)).toEqual([
      { fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: 'cdi' },
    ]);
    await prefs.update(DEFAULT_SERVICE_PREFERENCE, 'cdq');
    expect((await client.shell.getProductsWithLicenses()).preferredProduct).toEqual({
      uniqueName: 'cdq',
    });
    await prefs.delete(DEFAULT_SERVICE_PREFERENCE);
    expect(await prefs.list(DEFAULT_SERVICE_PREFERENCE)).toEqual([]);
    expect(await prefs.list()).toEqual([{ fullyQualifiedName: 'Other.key', value: 'x' }]);
  });

  it('[PC-7.8] lets an administrator manage the organisation’s preferences, and members only read them', async () => {
    const { client: admin } = await signedInClient(url, 'ada');
    const { client: member } = await signedInClient(url, 'lee');
    const org = 'org-acme-000001';
    await admin.preferences.forOrg(org).create({ fullyQualifiedName: 'Org.theme', value: 'blue' });
    await admin.preferences.forOrg(org).update('Org.theme', 'green');
    expect(await member.preferences.forOrg(org).list('Org.theme')).toEqual([
      { fullyQualifiedName: 'Org.theme', value: 'green' },
    ]);
    await expect(member.preferences.forOrg(org).delete('Org.theme')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    await admin.preferences.forOrg(org).delete('Org.theme');
    expect(await member.preferences.forOrg(org).list()).toEqual([]);
  });

  it('[PC-7.3] rejects refused calls with a typed error: forbidden, conflict, not found', async () => {
    const { client } = await signedInClient(url, 'tia');
    const forbidden = await client.preferences
      .forUser('usr-ada-0000001')
      .list()
      .catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(HttpError);
    expect(forbidden).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const own = client.preferences.forUser('usr-tia-0000001');
    await own.create({ fullyQualifiedName: 'Twice', value: '1' });
    await expect(own.create({ fullyQualifiedName: 'Twice', value: '2' })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    await expect(own.update('Missing', 'x')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    await expect(
      own.create({ fullyQualifiedName: 'Big', value: 'x'.repeat(4001) }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('[PC-2.2] logs out: ends the session, then sends the browser to the identity logout path', async () => {
    const { client, env } = await signedInClient(url, 'lee');
    await client.logout();
    expect(env.navigations).toEqual([`${url}/identity-service/logout?returnTo=%2Fdemo%2F`]);
    const after = await env.fetch(`${url}/session-service/api/v1/session/User`, { method: 'GET' });
    expect(after.status).toBe(401);
  });
});

describe('given a client that is not signed in, over real HTTP', () => {
  it('[PC-2.1] sends the browser to the identity home path and leaves the call pending', async () => {
    const env = nodeEnvironment({ origin: url, page: '/demo/' });
    let outcome = 'pending';
    createPlatformClient({ environment: env })
      .session.getUser()
      .then(
        () => (outcome = 'resolved'),
        () => (outcome = 'rejected'),
      );
    // The 401 has been answered and handled once the browser is sent away; a settled call
    // would have settled by the end of that event-loop turn.
    await vi.waitFor(() =>
      expect(env.navigations).toEqual([`${url}/identity-service/home?returnTo=%2Fdemo%2F`]),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome).toBe('pending');
  });

  it('has its state-changing calls refused when the XSRF cookie is not readable', async () => {
    const { env } = await signedInClient(url, 'ada');
    // A page on another site shares the session cookie's jar but cannot read XSRF-TOKEN.
    const blind = createPlatformClient({ environment: { ...env, readCookies: () => '' } });
    await expect(
      blind.preferences.forUser('usr-ada-0000001').create({ fullyQualifiedName: 'X', value: 'y' }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'XSRF',
    });
  });
});
