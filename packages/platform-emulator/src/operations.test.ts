import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { seededSnapshot } from './snapshot.ts';

/** An emulator whose log lines are collected, parsed, in `lines`. */
async function loggedEmulator() {
  const lines: Record<string, unknown>[] = [];
  const emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    logLevel: 'info',
    logDestination: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  return { emulator, lines };
}

let emulator: Emulator;
let lines: Record<string, unknown>[];
beforeAll(async () => {
  ({ emulator, lines } = await loggedEmulator());
  // A route that fails, to see what a caller and the log get from an unexpected error.
  emulator.app.get('/__test/fails', async () => {
    throw new Error('kaput');
  });
});
afterAll(() => emulator.close());

describe('given the health endpoints', () => {
  it('answers /healthz and /readyz with 200 without a session', async () => {
    const health = await emulator.app.inject({ url: '/healthz' });
    const ready = await emulator.app.inject({ url: '/readyz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('answers /readyz 503 in the platform error shape once the database is gone; /healthz stays 200', async () => {
    const other = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
    await other.db.close();
    const ready = await other.app.inject({ url: '/readyz' });
    const health = await other.app.inject({ url: '/healthz' });
    await other.app.close();
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: { code: 'NOT_READY', message: 'The database does not answer.' },
    });
    expect(health.statusCode).toBe(200);
  });
});

describe('given a request with the client’s X-Request-Id', () => {
  it('uses it as the request id: echoed in the answer and on every log line of the request', async () => {
    const answer = await emulator.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'req-4f2a-browser' },
    });
    expect(answer.headers['x-request-id']).toBe('req-4f2a-browser');
    const logged = lines.filter((l) => l.reqId === 'req-4f2a-browser');
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });

  it.each([
    ['a line break', 'id\nforged log line'],
    ['a 65-character id', 'x'.repeat(65)],
    ['an empty id', ''],
  ])('replaces %s with a new UUID', async (_, hostile) => {
    const answer = await emulator.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': hostile },
    });
    const id = String(answer.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lines.some((l) => l.reqId === id)).toBe(true);
    expect(lines.some((l) => l.reqId === hostile)).toBe(false);
  });
});

describe('given an unexpected error', () => {
  it('answers 500 naming the request id, and logs the error under that id', async () => {
    const answer = await emulator.app.inject({
      url: '/__test/fails',
      headers: { 'x-request-id': 'req-kaput-1' },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message: 'The emulator failed to answer; see its log for request req-kaput-1.',
      },
    });
    const error = lines.find((l) => l.reqId === 'req-kaput-1' && l.level === 50);
    expect(error).toMatchObject({ msg: 'failed to answer', err: { message: 'kaput' } });
  });
});

describe('given a path with bad percent-encoding', () => {
  it.each(['/identity-service/api/v1/Users(%E0%A4%A)', '/branding-service/logos/%zz/1', '/%'])(
    '%s answers 400 in the platform error shape',
    async (url) => {
      const answer = await emulator.app.inject({ url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        error: { code: 'BAD_URL', message: 'The address is not valid percent-encoding.' },
      });
    },
  );
});
