import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, HttpError, type UnauthenticatedEvent } from '@ics/platform-client';
import { PlatformProvider, useAccess, useSession } from '@ics/platform-client/react';
import { ServiceSwitcherDialog } from '@ics/service-switcher';
import { recordedNavigation, startEmulator, switcherFrame, type TestEmulator } from './index.ts';
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

// Handlers of their own, signed in afresh (before the ones set up above).
const signedInAs = async (persona: 'ada' | 'lee') =>
  server.use(...(await emulatorHandlers(emulator, { persona })));

function Who() {
  const session = useSession();
  return <p>{session.user ? `Hello, ${session.user.displayName}` : session.status}</p>;
}

// What a test of Log Out, or of a session that ended (401), does so that it settles.
describe('in jsdom, with the test kit', () => {
  it('records Log Out as navigation: logout() settles, through sign-out back to this page', async () => {
    await signedInAs('ada');
    const nav = recordedNavigation();
    const client = createPlatformClient({ environment: nav.environment });
    expect((await client.session.getUser()).displayName).toBe('Ada Admin');
    await client.logout();
    expect(nav.navigations).toEqual(['http://localhost:3000/identity-service/logout?returnTo=%2F']);
    // The session has ended on the emulator: the next call is sent to sign in.
    const signIn = nav.next();
    void client.session.getUser({ fresh: true });
    expect(await signIn).toBe('http://localhost:3000/identity-service/home?returnTo=%2F');
  });

  it('records the sign-in navigation of a 401, which the test awaits instead of the pending call', async () => {
    await signedInAs('lee');
    await emulator.fault({ endpoint: 'session.getUser', status: 401 });
    const nav = recordedNavigation();
    const client = createPlatformClient({ environment: nav.environment });
    const signIn = nav.next();
    void client.session.getUser();
    expect(await signIn).toBe('http://localhost:3000/identity-service/home?returnTo=%2F');
  });

  it('with onUnauthenticated, a 401 rejects the call and the page shows signed-out', async () => {
    await signedInAs('lee');
    await emulator.fault({ endpoint: 'session.getUser', status: 401 });
    const events: UnauthenticatedEvent[] = [];
    const client = createPlatformClient({ onUnauthenticated: (event) => events.push(event) });
    render(
      <PlatformProvider client={client}>
        <Who />
      </PlatformProvider>,
    );
    expect(await screen.findByText('signed-out')).toBeTruthy();
    expect(events.map((e) => e.signInUrl)).toEqual(['/identity-service/home?returnTo=%2F']);
    await emulator.fault({ endpoint: 'session.getUser', status: 401 });
    const error = await client.session.getUser({ fresh: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
  });
});

// A team's component test of the switcher: jsdom as it comes, no dialog polyfill.
describe('given ServiceSwitcherDialog in jsdom without a polyfill', () => {
  it('opens, shows its cards within the frame switcherFrame finds, and unmounts without an error', async () => {
    expect(HTMLDialogElement.prototype.close).toBeUndefined();
    const client = createPlatformClient();
    const view = render(<ServiceSwitcherDialog client={client} open onOpenChange={() => {}} />);
    expect(view.container.querySelector('dialog')?.open).toBe(true);
    const frame = within(await waitFor(() => switcherFrame(view.container)));
    expect(frame.getByRole('heading', { level: 1 }).textContent).toBe('Intelligent Cloud Services');
    // The cards the platform answered with, drawn in the frame: links named after products.
    const cards = await frame.findAllByRole('link', {}, { timeout: 20_000 });
    expect(cards[0]?.textContent).toMatch(/\w/);
    expect(() => view.unmount()).not.toThrow();
    expect(document.querySelector('dialog')).toBeNull();
    expect(() => switcherFrame()).toThrow('No open ServiceSwitcherDialog');
  });
});
