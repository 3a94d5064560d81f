import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '@ics/platform-client';
import { platformQueries } from '@ics/platform-client/query';
import {
  PlatformProvider,
  useAccess,
  useIdleSession,
  useOrganisation,
  useSession,
} from '@ics/platform-client/react';
import { emulatorHandlers } from '@ics/platform-emulator/msw';
import { signIn, startEmulator, type TestEmulator } from '@ics/platform-emulator/testing';
import { compile, example, run } from './docsExamples.ts';

// The sections of docs/client.md on the /react, /query and /testing entries, run as written:
// in jsdom, the page's calls answered by the emulator through the MSW adapter (as Ada Admin).
const modules: Record<string, unknown> = {
  createPlatformClient,
  PlatformProvider,
  useAccess,
  useIdleSession,
  useOrganisation,
  useSession,
  createElement,
  createRoot,
  platformQueries,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  signIn,
  startEmulator,
  emulatorHandlers,
  setupServer,
};

// The in-process emulator answers in seconds, not milliseconds, on a loaded machine: wait for
// the page's state longer than Testing Library's 1 s default.
const wait = { timeout: 20_000 };

/** Runs a section's example; what it logs is returned. */
async function runExample(name: string): Promise<unknown[][]> {
  const logged: unknown[][] = [];
  const console = { log: (...args: unknown[]) => void logged.push(args) };
  const code = compile(example(name), modules);
  await act(() => run(code, { ...modules, console }));
  return logged;
}

describe('given the React and TanStack Query sections, in a page served by the emulator', () => {
  let emulator: TestEmulator;
  const server = setupServer();
  beforeAll(async () => {
    emulator = await startEmulator();
    server.use(...(await emulatorHandlers(emulator, { persona: 'ada' })));
    server.listen({ onUnhandledRequest: 'bypass' });
  }, 120_000);
  afterAll(async () => {
    server.close();
    await emulator.close();
  });

  it('the React example renders the signed-in user and the admin-only button', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await runExample('React');
    expect(await screen.findByText('Signed in as Ada Admin', {}, wait)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Manage users' }, wait)).toBeTruthy();
  }, 60_000);

  it('the TanStack Query example lists projects and re-reads them after adding one', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await runExample('TanStack Query');
    const list = await screen.findByRole('list', { name: 'Projects' }, wait);
    expect(list.textContent).not.toContain('Docs Query Project');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Docs Query Project', {}, wait)).toBeTruthy();
  }, 60_000);
});

describe('given the test kit sections', () => {
  it('the Test kit example signs in, reads the user and sees an injected fault', async () => {
    const logged = await runExample('Test kit');
    expect(logged).toEqual([['Ada Admin'], [503]]);
  }, 120_000);

  it('the Test kit with a manual clock example ends an export when the test moves the clock', async () => {
    const logged = await runExample('Test kit with a manual clock');
    expect(logged).toEqual([['QUEUED', '2031-01-01T09:00:00.000Z'], ['SUCCESSFUL']]);
  }, 120_000);

  it('the Test kit with MSW example answers the page’s client from the emulator, with state', async () => {
    const logged = await runExample('Test kit with MSW');
    expect(logged).toEqual([['Lee Locked'], ['dark']]);
  }, 120_000);
});
