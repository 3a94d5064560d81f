/** @jest-environment node */
import { expect, it } from '@jest/globals';
import { signIn, startEmulator } from '@ics/platform-emulator/testing';

it('the test kit signs Ada Admin in to an emulator started in Node', async () => {
  const emulator = await startEmulator();
  try {
    const client = await signIn('ada', emulator);
    const user = await client.session.getUser();
    expect(user.displayName).toBe('Ada Admin');
    expect(user.effectivePrivileges).toContain('manage_users');
  } finally {
    await emulator.close();
  }
});
