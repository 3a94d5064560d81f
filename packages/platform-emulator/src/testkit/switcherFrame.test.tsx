import { render, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '@ics/platform-client';
import { ServiceSwitcherDialog } from '@ics/service-switcher';
import { startEmulator, switcherFrame, type TestEmulator } from './index.ts';
import { emulatorHandlers } from './msw.ts';

// A team's component test: jsdom as it comes (no dialog polyfill), the platform answered by an
// in-process emulator through MSW, signed in as Ada Admin.
let emulator: TestEmulator;
const server = setupServer();
beforeAll(async () => {
  emulator = await startEmulator();
  server.use(...(await emulatorHandlers(emulator, { persona: 'ada' })));
  server.listen({ onUnhandledRequest: 'error' });
}, 120_000);
afterAll(async () => {
  server.close();
  await emulator.close();
});

describe('given ServiceSwitcherDialog in jsdom without a polyfill', () => {
  it('opens, shows its cards within the frame switcherFrame finds, and unmounts without an error', async () => {
    expect(HTMLDialogElement.prototype.close).toBeUndefined();
    const client = createPlatformClient();
    const view = render(<ServiceSwitcherDialog client={client} open onOpenChange={() => {}} />);
    expect(view.container.querySelector('dialog')?.open).toBe(true);
    const frame = within(await waitFor(() => switcherFrame(view.container)));
    const cards = await frame.findAllByRole('link', {}, { timeout: 20_000 });
    expect(cards.map((card) => card.textContent)).toContain('Discovery IQ');
    expect(() => view.unmount()).not.toThrow();
    expect(document.querySelector('dialog')).toBeNull();
    expect(() => switcherFrame()).toThrow('No open ServiceSwitcherDialog');
  });
});
