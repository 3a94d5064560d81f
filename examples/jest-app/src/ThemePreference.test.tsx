import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { createPlatformClient } from '@ics/platform-client';
import { PlatformProvider } from '@ics/platform-client/react';
import { emulatorHandlers } from '@ics/platform-emulator/msw';
import { startEmulator, type TestEmulator } from '@ics/platform-emulator/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { ThemePreference } from './ThemePreference.tsx';

// The component in jsdom, its platform calls answered by an in-process emulator (MSW adapter).
let emulator: TestEmulator;
const server = setupServer();
beforeAll(async () => {
  emulator = await startEmulator();
  server.listen({ onUnhandledRequest: 'error' });
  server.use(...(await emulatorHandlers(emulator, { persona: 'nia' })));
});
afterEach(cleanup);
afterAll(async () => {
  server.close();
  await emulator.close();
});

// The first answers can take a few seconds on a busy machine (the emulator runs in-process).
const wait = { timeout: 15_000 };
const renderPage = () =>
  render(
    <PlatformProvider client={createPlatformClient()}>
      <ThemePreference />
    </PlatformProvider>,
  );

it('saves the theme to the emulator, and a new page reads it back from there', async () => {
  renderPage();
  expect(await screen.findByText('Theme: light', {}, wait)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Use the dark theme' }));
  expect(await screen.findByText('Theme: dark', {}, wait)).toBeTruthy();

  cleanup();
  renderPage(); // a fresh client and provider: only the emulator knows the saved theme
  const section = await screen.findByRole('region', { name: "Nia Newcomer's theme" }, wait);
  expect(section.textContent).toContain('Theme: dark');
  expect(screen.queryByRole('button', { name: 'Use the dark theme' })).toBeNull();
});
