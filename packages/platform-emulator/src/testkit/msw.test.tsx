import { cleanup, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '@ics/platform-client';
import { PlatformProvider, useAccess, useSession } from '@ics/platform-client/react';
import { startEmulator, type TestEmulator } from './index.ts';
import { emulatorHandlers } from './msw.ts';

// A jsdom page of an application at http://localhost:3000/ whose calls MSW answers from an
// in-process emulator (Fastify's inject, no port used), signed in as Ada Admin.
let emulator: TestEmulator;
const server = setupServer();
beforeAll(async () => {
  emulator = await startEmulator();
  server.use(...(await emulatorHandlers(emulator, { persona: 'ada' })));
  server.listen({ onUnhandledRequest: 'error' });
}, 120_000);
afterEach(cleanup);
afterAll(async () => {
  server.close();
  await emulator.close();
});

function Header() {
  const { user } = useSession();
  const admin = useAccess({ privilege: 'manage_users' });
  return (
    <header>
      <span>{user ? `Signed in as ${user.displayName}` : 'Loading'}</span>
      {admin.allowed ? <button type="button">Manage users</button> : null}
    </header>
  );
}

describe('given MSW handlers backed by the emulator, in jsdom', () => {
  it('answers the application’s calls as the platform would: session, privileges, XSRF cookie', async () => {
    expect(window.location.origin).toBe('http://localhost:3000');
    render(
      <PlatformProvider client={createPlatformClient()}>
        <Header />
      </PlatformProvider>,
    );
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Manage users' })).toBeTruthy();
    expect(document.cookie).toMatch(/XSRF-TOKEN=/);
    expect(document.cookie).not.toMatch(/ICS_SESSION/);
  });

  it('keeps state between calls: a preference written is read back', async () => {
    const client = createPlatformClient();
    const prefs = client.preferences.forUser('usr-ada-0000001');
    await prefs.create({ fullyQualifiedName: 'msw.colour', value: 'green' });
    expect(await prefs.get('msw.colour')).toBe('green');
    await prefs.update('msw.colour', 'blue');
    expect(
      await createPlatformClient().preferences.forUser('usr-ada-0000001').get('msw.colour'),
    ).toBe('blue');
  });

  it('refuses, with the fix named, where the environment removed setImmediate (Jest jsdom)', async () => {
    const { setImmediate } = globalThis;
    Reflect.deleteProperty(globalThis, 'setImmediate');
    try {
      await expect(emulatorHandlers(emulator)).rejects.toThrow(/setImmediate.*node:timers/);
    } finally {
      globalThis.setImmediate = setImmediate;
    }
  });
});
