import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { startEmulator } from './startEmulator.ts';
import { emulatorHandlers } from './msw.ts';

const origin = 'http://app.test';

describe('given the test kit’s MSW handlers while and after the emulator closes', () => {
  it('lets a call in flight finish with 200 and answers calls made while and after it closes with 503 SHUTTING_DOWN in the platform’s format, never 500', async () => {
    const arrivals = new Map<string, () => void>();
    const emulator = await startEmulator({
      logLevel: 'info',
      logDestination: {
        write(text) {
          const line = JSON.parse(text) as { reqId?: string; msg?: string };
          if (line.msg === 'incoming request') arrivals.get(line.reqId ?? '')?.();
        },
      },
    });
    const arrived = (id: string) => new Promise<void>((done) => arrivals.set(id, done));
    const server = setupServer(...(await emulatorHandlers(emulator, { persona: 'ada', origin })));
    server.listen({ onUnhandledRequest: 'error' });
    const call = (id: string) =>
      fetch(`${origin}/session-service/api/v1/session/User`, { headers: { 'x-request-id': id } });
    try {
      expect((await call('before')).status).toBe(200);
      // A call the emulator holds for a while: it is in flight when the close begins.
      await emulator.fault({ endpoint: 'session.getUser', status: 200, delayMs: 300 });
      const seen = arrived('in-flight');
      const inFlight = call('in-flight');
      await seen;
      const closed = emulator.close();
      const during = await Promise.all(Array.from({ length: 5 }, (_, i) => call(`during-${i}`)));
      await closed;
      const after = await Promise.all(Array.from({ length: 5 }, (_, i) => call(`after-${i}`)));
      const held = await inFlight;
      expect(held.status).toBe(200);
      expect(await held.json()).toMatchObject({ id: 'usr-ada-0000001' });
      for (const answer of [...during, ...after]) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('2');
        expect(await answer.json()).toEqual({
          error: {
            code: 'SHUTTING_DOWN',
            message: 'The emulator is shutting down; try again once it is back.',
          },
        });
      }
    } finally {
      server.close();
    }
  }, 60_000);
});
