import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { signIn, startEmulator, type TestEmulator } from './index.ts';

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('given the test kit’s emulator', () => {
  it('signIn returns a client signed in as the named persona, over real HTTP on a free port', async () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = await signIn('Ada Admin', emulator);
    const user = await client.session.getUser();
    expect(user.displayName).toBe('Ada Admin');
    expect(user.currentOrgId).toBe('org-acme-000001');
    const tia = await signIn('usr-tia-0000001', emulator);
    expect((await tia.session.getUser()).displayName).toBe('Tia Trial');
  });

  it('names the seeded personas when asked for someone else', async () => {
    await expect(signIn('Eve Intruder', emulator)).rejects.toThrow(
      "No persona 'Eve Intruder'. Seeded: Ada Admin, Lee Locked, Nia Newcomer, Tia Trial; or pass a user id",
    );
  });

  it('injects faults per endpoint, and clears them', async () => {
    const client = await signIn('Lee Locked', emulator);
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
      const here = await signIn('Ada Admin', emulator);
      const there = await signIn('Ada Admin', other);
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
