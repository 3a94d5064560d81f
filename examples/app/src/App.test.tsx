import { resolve } from 'node:path';
import { createPlatformClient } from '@ics/platform-client';
import { emulatorHandlers } from '@ics/platform-emulator/msw';
import { startEmulator, type TestEmulator } from '@ics/platform-emulator/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from './App.tsx';

// The page in jsdom, its platform calls answered by an in-process emulator (MSW adapter).
let emulator: TestEmulator;
const server = setupServer();
beforeAll(async () => {
  // From the committed state (example.state.json), which holds a project of Ada's: the page must
  // list it.
  emulator = await startEmulator({
    // From the project's folder, where Vitest runs: under jsdom, a module's URL is not a file's.
    seed: resolve('example.seed.json'),
    state: resolve('example.state.json'),
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(async () => {
  server.close();
  await emulator.close();
});

async function renderAs(persona: 'ada' | 'lee', name: string) {
  server.use(...(await emulatorHandlers(emulator, { persona })));
  render(<App client={createPlatformClient()} stylesheets={['/a.css', '/b.css']} />);
  await screen.findByText(`Signed in as ${name}`);
}

describe('the example page', () => {
  it('shows the admin-only button to Ada Admin', async () => {
    await renderAs('ada', 'Ada Admin');
    expect(await screen.findByRole('button', { name: 'Manage users' })).toBeTruthy();
  });

  it('hides the admin-only button from Lee Locked', async () => {
    await renderAs('lee', 'Lee Locked');
    expect(screen.getByRole('button', { name: 'Switch service' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage users' })).toBeNull();
  });

  it('lists the projects the emulator holds', async () => {
    await renderAs('ada', 'Ada Admin');
    const list = await screen.findByRole('list', { name: 'My projects' });
    expect(list.textContent).toContain('Example app project');
  });
});
