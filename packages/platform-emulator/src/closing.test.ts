import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEmulator } from './app.ts';
import { seededSnapshot } from './snapshot.ts';
import { signInWithInject } from './test-support/signIn.ts';

/** An emulator whose log lines the test can wait for. */
async function emulatorWithLog() {
  const waiting: {
    match: (line: { reqId?: string; msg?: string }) => boolean;
    done: () => void;
  }[] = [];
  const emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    faults: true,
    logLevel: 'info',
    logDestination: {
      write(text) {
        const line = JSON.parse(text) as { reqId?: string; msg?: string };
        for (const w of waiting.filter((w) => w.match(line))) w.done();
      },
    },
  });
  /** Resolves once the request with this id reached the emulator (its log says so). */
  const arrived = (id: string) =>
    new Promise<void>((done) =>
      waiting.push({ match: (l) => l.reqId === id && l.msg === 'incoming request', done }),
    );
  return { emulator, arrived };
}

/** A GET over a connection of its own; resolves with the status. */
const get = (url: string) =>
  new Promise<number>((resolve, reject) =>
    request(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end(),
  );

describe('given an emulator that closes', () => {
  it('answers a request that reaches it while it closes with 503 SHUTTING_DOWN in the platform’s format, with Retry-After', async () => {
    const { emulator } = await emulatorWithLog();
    const url = await emulator.listen();
    // A client's connection, open before the close, whose request is under way: the server has
    // its first line, the rest comes once the close began.
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write('GET /shell-service/api/v1/config HTTP/1.1\r\n');
    // The server reads a connection's bytes before it can answer one written after them.
    expect(await get(`${url}/healthz`)).toBe(200);
    const closed = emulator.close();
    socket.write('Host: 127.0.0.1\r\n\r\n');
    await ended;
    await closed;
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(body)).toEqual({
      error: {
        code: 'SHUTTING_DOWN',
        message: 'The emulator is shutting down; try again once it is back.',
      },
    });
  }, 60_000);

  it('lets a request in flight without a connection (injected, as the test kit’s MSW handlers do) finish before the database closes', async () => {
    const { emulator, arrived } = await emulatorWithLog();
    const ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
    await emulator.app.inject({
      method: 'POST',
      url: '/__emulator/faults',
      payload: { endpoint: 'session.getUser', status: 200, delayMs: 300 },
    });
    const held = emulator.app.inject({
      url: '/session-service/api/v1/session/User',
      cookies: ada.cookies,
      headers: { 'x-request-id': 'held-1' },
    });
    await arrived('held-1');
    await emulator.close();
    const answer = await held;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 'usr-ada-0000001' });
  }, 60_000);
});
