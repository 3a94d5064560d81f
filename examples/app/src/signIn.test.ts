// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { signIn, startEmulator } from '@ics/platform-emulator/testing';
import { expect, it } from 'vitest';

// The example's own platform: its product and Eve (example.seed.json), and the data its tests
// start from, committed (example.state.json, written by `emulator.saveState`).
const seed = fileURLToPath(new URL('../example.seed.json', import.meta.url));
const state = fileURLToPath(new URL('../example.state.json', import.meta.url));

it('the test kit signs Ada Admin in to an emulator started in Node', async () => {
  const emulator = await startEmulator({ seed, state });
  try {
    const client = await signIn('ada', emulator);
    const user = await client.session.getUser();
    expect(user.displayName).toBe('Ada Admin');
    expect(user.effectivePrivileges).toContain('manage_users');
  } finally {
    await emulator.close();
  }
});

it("the example's seed signs Eve Example in, with its product and a trial of Data Quality", async () => {
  const emulator = await startEmulator({ seed, state });
  try {
    const eve = await signIn('usr-eve-0000001', emulator);
    expect((await eve.session.getUser()).displayName).toBe('Eve Example');
    const people = await emulator.emulator.admin.personas();
    expect(people.find((p) => p.id === 'usr-eve-0000001')?.trials).toEqual([
      { product: 'cdq', daysLeft: 5 },
    ]);
  } finally {
    await emulator.close();
  }
});
