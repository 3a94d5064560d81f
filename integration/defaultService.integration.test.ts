import { DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeDefaultService } from '@ics/platform-client';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

describe('given Tia Trial changing her default service, over real HTTP', () => {
  it('[PC-4.2] creates, changes and removes the default by the rule, as the product fetch then shows', async () => {
    const { client } = await signedInClient(url, 'tia');
    const userId = 'usr-tia-0000001';
    const preferred = async () =>
      (await client.shell.getProductsWithLicenses()).preferredProduct?.uniqueName;

    expect(
      await changeDefaultService(client, { userId, current: undefined, chosen: 'cdi' }),
    ).toEqual({
      ok: true,
      outcome: 'set',
      action: 'create',
    });
    expect(await preferred()).toBe('cdi');
    expect(
      await changeDefaultService(client, { userId, current: 'cdi', chosen: 'oi' }),
    ).toMatchObject({
      ok: true,
      action: 'update',
    });
    expect(await client.preferences.forUser(userId).list(DEFAULT_SERVICE_PREFERENCE)).toEqual([
      { fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: 'oi' },
    ]);
    expect(
      await changeDefaultService(client, { userId, current: 'oi', chosen: 'oi' }),
    ).toMatchObject({
      ok: true,
      outcome: 'unset',
    });
    expect(await preferred()).toBeUndefined();
  });

  it('[PC-4.2] reports the failure when the server refuses (a create over an existing default)', async () => {
    const { client } = await signedInClient(url, 'tia');
    const userId = 'usr-tia-0000001';
    await changeDefaultService(client, { userId, current: undefined, chosen: 'cdi' });
    const stale = await changeDefaultService(client, { userId, current: undefined, chosen: 'oi' });
    expect(stale).toMatchObject({ ok: false, outcome: 'set', action: 'create' });
  });
});
