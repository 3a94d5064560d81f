import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { seededSnapshot } from './snapshot.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';

// Every time decision of the emulator reads the injected clock: the test moves it, and no
// answer depends on how much real time passed (docs/decisions/0810-injectable-clock.md).
const START = Date.parse('2031-03-14T09:00:00Z');
let now = START;
let emulator: Emulator;
let base: string;
const SESSION_S = 600;
const TOKEN_S = 60;

beforeAll(async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    clock: { now: () => now },
    sessionLifetimeSeconds: SESSION_S,
    tokenLifetimeSeconds: TOKEN_S,
  });
  base = await emulator.listen();
});
afterAll(() => emulator.close());

const user = (who: HttpPersona) => who.call('GET', '/session-service/api/v1/session/User');
const tokenOf = async (who: HttpPersona) =>
  (
    await who.call(
      'GET',
      `/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=n0nce&access_code=${who.xsrf}`,
    )
  ).json as { jwt_token: string; session_expiry: string };
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    iat: number;
    exp: number;
  };

describe('given an emulator on an injected clock', () => {
  it('ends a session when its lifetime from sign-in has passed on the clock, however often keepAlive was called', async () => {
    now = START;
    const lee = await signInOverHttp(base, 'usr-lee-0000001');
    const ping = () => lee.call('POST', '/session-service/api/v1/session/keepAlive');
    // Pinged every 100 s up to the end.
    for (let at = 100_000; at < SESSION_S * 1000; at += 100_000) {
      now = START + at;
      expect((await ping()).status).toBe(204);
    }
    now = START + (SESSION_S - 1) * 1000;
    expect((await user(lee)).status).toBe(200);
    now = START + SESSION_S * 1000;
    const ended = await user(lee);
    expect(ended.status).toBe(400);
    expect(ended.json.error.code).toBe('SS_001');
    expect((await ping()).status).toBe(400);
  });

  it('signs JWTs with iat/exp and session_expiry from the clock, and refuses them once exp passes on it', async () => {
    now = START;
    const tia = await signInOverHttp(base, 'usr-tia-0000001');
    now += 5000;
    const issued = await tokenOf(tia);
    const claims = claimsOf(issued.jwt_token);
    expect(claims.iat).toBe((START + 5000) / 1000);
    expect(claims.exp).toBe(claims.iat + TOKEN_S);
    expect(issued.session_expiry).toBe(new Date(START + SESSION_S * 1000).toISOString());
    const settings = () =>
      fetch(`${base}/notification-settings-service/api/v1/settings`, {
        headers: { authorization: `Bearer ${issued.jwt_token}` },
      });
    now += (TOKEN_S - 1) * 1000;
    expect((await settings()).status).toBe(200);
    now += 1000;
    expect((await settings()).status).toBe(401);
    const renew = await tia.call(
      'GET',
      '/identity-service/api/v1/jwt/Renew?nonce=n0nce',
      undefined,
      {
        jwt_token: issued.jwt_token,
      },
    );
    expect(renew.status).toBe(401);
    expect(renew.json.error.code).toBe('TOKEN_EXPIRED');
  });

  it('computes a schedule’s next run, a usage record’s month and a new user’s message times from the clock', async () => {
    now = Date.parse('2031-03-14T09:30:30Z');
    const ada = await signInOverHttp(base, 'usr-ada-0000001');
    const schedule = await ada.call('POST', '/scheduler-service/api/v1/Schedules', {
      name: 'Every minute on the clock',
      startTime: '2031-03-14T08:00:00Z',
      interval: 'MINUTELY',
    });
    expect(schedule.json.nextRunTime).toBe('2031-03-14T09:31:00.000Z');
    now = Date.parse('2031-03-14T09:37:30Z');
    const listed = await ada.call('GET', '/scheduler-service/api/v1/Schedules');
    const again = listed.json.value.find(
      (s: { name: string }) => s.name === 'Every minute on the clock',
    );
    expect(again.nextRunTime).toBe('2031-03-14T09:38:00.000Z');

    const usage = await ada.call('POST', '/metering-service/api/v1/UsageEvents', {
      service: 'cdi',
      meter: 'jobs',
      quantity: 1,
    });
    expect(usage.json.period).toBe('2031-03');

    const nia = await signInOverHttp(base, 'usr-nia-0000001');
    const messages = await nia.call(
      'GET',
      '/notification-service/api/v1/Users(usr-nia-0000001)/ReceivedMessages',
    );
    const times = (messages.json.value as { publishTime: string }[]).map((m) =>
      Date.parse(m.publishTime),
    );
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) {
      expect(t).toBeLessThanOrEqual(now);
      expect(t).toBeGreaterThan(now - 24 * 3600_000);
    }
  });
});
