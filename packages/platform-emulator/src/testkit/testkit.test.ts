import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@ics/platform-client';
import { personas } from '../seed/personas.ts';
import { personaId, signIn, startEmulator, type Persona, type TestEmulator } from './index.ts';

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('given the test kit’s emulator', () => {
  it('signIn returns a client signed in as the persona named by key or user id, over real HTTP on a free port', async () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = await signIn('ada', emulator);
    const user = await client.session.getUser();
    expect(user.displayName).toBe('Ada Admin');
    expect(user.currentOrgId).toBe('org-acme-000001');
    const tia = await signIn('usr-tia-0000001', emulator);
    expect((await tia.session.getUser()).displayName).toBe('Tia Trial');
  });

  it('names the seeded personas by key when asked for someone else', async () => {
    await expect(signIn('Ada Admin', emulator)).rejects.toThrow(
      "No persona 'Ada Admin'. Seeded: ada, lee, nia, tia; or pass a user id",
    );
  });

  it('resolves each persona key to the seeded user of that first name', () => {
    const keys: readonly Persona[] = ['ada', 'lee', 'nia', 'tia'];
    expect(keys.map((key) => personas.find((p) => p.id === personaId(key))?.displayName)).toEqual([
      'Ada Admin',
      'Lee Locked',
      'Nia Newcomer',
      'Tia Trial',
    ]);
    expect(personaId('usr-added-000042')).toBe('usr-added-000042');
  });

  it('injects faults per endpoint, and clears them', async () => {
    const client = await signIn('lee', emulator);
    await emulator.fault({ endpoint: 'session.getUser', status: 403, times: 1 });
    const error = await client.session.getUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect((await client.session.getUser()).displayName).toBe('Lee Locked');
    await emulator.fault({ endpoint: 'session.getUser', status: 403, times: 5 });
    await emulator.clearFaults();
    expect((await client.session.getUser()).displayName).toBe('Lee Locked');
  });

  it('gives every start its own copy of the seeded database', async () => {
    const other = await startEmulator();
    try {
      const here = await signIn('ada', emulator);
      const there = await signIn('ada', other);
      const mine = here.preferences.forUser('usr-ada-0000001');
      await mine.create({ fullyQualifiedName: 'kit.isolation', value: 'here' });
      expect(await mine.get('kit.isolation')).toBe('here');
      expect(await there.preferences.forUser('usr-ada-0000001').get('kit.isolation')).toBe(
        undefined,
      );
    } finally {
      await other.close();
    }
  });
});
