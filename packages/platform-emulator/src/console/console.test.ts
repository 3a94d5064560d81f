import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { isLoopback } from '../http/hosts.ts';
import { redact } from '../redaction.ts';

let emulator: Emulator;
let ada: Awaited<ReturnType<typeof signInWithInject>>;
const prefs = '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences';

beforeAll(async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    console: true,
    tokenLifetimeSeconds: 60,
  });
  ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
});
afterAll(() => emulator.close());

const asAda = (url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
  emulator.app.inject({
    method,
    url,
    cookies: ada.cookies,
    headers: {
      'x-xsrf-token': ada.xsrf.value,
      'x-request-id': `req-${Math.random()}`.replace('.', ''),
    },
    ...(payload ? { payload: payload as object } : {}),
  });

const admin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  emulator.app.inject({
    method,
    url: `/__emulator/api${url}`,
    cookies: { ICS_CONSOLE_XSRF: 'console-token' },
    headers: { 'x-xsrf-token': 'console-token' },
    ...(payload ? { payload } : {}),
  });

describe('given an emulator with its console on', () => {
  it('logs an API request by its X-Request-Id with persona, operation and a conforming verdict', async () => {
    const answer = await asAda('/shell-service/api/v1/config');
    const requestId = String(answer.headers['x-request-id']);
    const listed = (await emulator.app.inject({ url: '/__emulator/api/requests' })).json();
    const entry = listed.find((r: { requestId: string }) => r.requestId === requestId);
    expect(entry).toMatchObject({
      method: 'GET',
      service: 'shell',
      operation: 'shell.getConfig',
      status: 200,
      persona: 'Ada Admin',
      conformance: { verdict: 'conforms' },
    });
    const detail = await emulator.admin.requests.get(entry.seq);
    expect(detail?.responseBody).toEqual(answer.json());
  });

  it('filters the log by service, status class and persona', async () => {
    await asAda('/shell-service/api/v1/ProductRegistry(nope)');
    const notFound = await emulator.admin.requests.list({ status: '4xx', persona: 'Ada Admin' });
    expect(notFound.length).toBeGreaterThan(0);
    expect(notFound.every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    expect(await emulator.admin.requests.list({ service: 'licence' })).toEqual([]);
  });

  it('redacts secret fields and JWTs in the bodies it shows', () => {
    expect(
      redact({ jwt: 'eyJa.eyJb.c', nested: { password: 'p', note: 'Bearer eyJa.eyJb.sig' }, n: 1 }),
    ).toEqual({
      jwt: '[redacted]',
      nested: { password: '[redacted]', note: 'Bearer [redacted]' },
      n: 1,
    });
  });

  it('refuses a console write without its XSRF header with 403 and changes nothing', async () => {
    const before = emulator.admin.clock.offsetMs;
    const refused = await emulator.app.inject({
      method: 'POST',
      url: '/__emulator/api/clock/advance',
      payload: { minutes: 5 },
    });
    expect(refused.statusCode).toBe(403);
    expect(emulator.admin.clock.offsetMs).toBe(before);
  });

  it('advances the clock past the session lifetime so the session answers SS_001, and back', async () => {
    const advanced = await admin('POST', '/clock/advance', { hours: 9 });
    expect(advanced.json().offsetMs).toBe(9 * 3_600_000);
    const ended = await asAda('/session-service/api/v1/session/User');
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.code).toBe('SS_001');
    expect((await admin('POST', '/clock/reset')).json().offsetMs).toBe(0);
    expect((await asAda('/shell-service/api/v1/config')).statusCode).toBe(200);
  });

  it("counts the days advanced off trials' days left, in the product answer and the personas, and back", async () => {
    const trialsOf = async () => {
      // Days end sessions: Tia signs in again at the emulator's time.
      const tia = await signInWithInject(emulator.app, 'usr-tia-0000001');
      const answer = await emulator.app.inject({
        url: '/shell-service/api/v1/UserProductsInfo',
        cookies: tia.cookies,
      });
      expect(answer.statusCode).toBe(200);
      const products: { uniqueName: string; trialDaysLeft?: number }[] = answer.json().products;
      const persona = (await emulator.admin.personas()).find((p) => p.displayName === 'Tia Trial');
      return {
        answer: Object.fromEntries(products.map((p) => [p.uniqueName, p.trialDaysLeft])),
        persona: Object.fromEntries((persona?.trials ?? []).map((t) => [t.product, t.daysLeft])),
      };
    };
    expect(await trialsOf()).toMatchObject({
      answer: { cdq: 1, c360: 12 },
      persona: { cdq: 1, c360: 12 },
    });
    expect((await admin('POST', '/clock/advance', { days: 5 })).statusCode).toBe(200);
    expect(await trialsOf()).toMatchObject({
      answer: { cdq: 0, c360: 7 },
      persona: { cdq: 0, c360: 7 },
    });
    await admin('POST', '/clock/reset');
    expect((await trialsOf()).answer).toMatchObject({ cdq: 1, c360: 12 });
  });

  it('refuses an advance that is not one positive amount of minutes, hours or days', async () => {
    for (const body of [{ minutes: -1 }, { weeks: 1 }, { minutes: 1, hours: 1 }, { days: 4000 }])
      expect((await admin('POST', '/clock/advance', body)).statusCode).toBe(400);
  });

  it('answers an operation fault with its status and platform error body, and pages show the banner while it is on', async () => {
    const created = await admin('POST', '/faults', {
      operation: 'shell.getProductsWithLicenses',
      status: 503,
      code: 'SS_001',
    });
    expect(created.statusCode).toBe(201);
    const failed = await asAda('/shell-service/api/v1/ProductsWithLicenses');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('SS_001');
    expect((await asAda('/shell-service/api/v1/config')).statusCode).toBe(200);
    const login = await emulator.app.inject({ url: '/identity-service/home' });
    expect(login.body).toContain('Emulator faults are switched on');
    const off = await admin('PATCH', `/faults/${created.json().id}`, { enabled: false });
    expect(off.json().enabled).toBe(false);
    expect((await asAda('/shell-service/api/v1/ProductsWithLicenses')).statusCode).toBe(200);
    expect((await emulator.app.inject({ url: '/identity-service/home' })).body).not.toContain(
      'Emulator faults are switched on',
    );
    expect((await admin('DELETE', `/faults/${created.json().id}`)).statusCode).toBe(204);
  });

  it('matches a path pattern fault and refuses a fault that names no target', async () => {
    const rule = emulator.admin.faults.add({ path: '/shell-service/api/v1/conf*', status: 500 });
    expect((await asAda('/shell-service/api/v1/config')).statusCode).toBe(500);
    emulator.admin.faults.remove(rule.id);
    expect((await admin('POST', '/faults', { status: 500 })).statusCode).toBe(400);
    expect((await admin('POST', '/faults', { operation: 'no.such', status: 500 })).statusCode).toBe(
      400,
    );
  });

  it('lists personas with organisation, roles and licences, signs a browser in as one, and ends its session', async () => {
    const personas = await emulator.admin.personas();
    const tia = personas.find((p) => p.displayName === 'Tia Trial');
    expect(tia?.organisation).toBeTruthy();
    expect(tia?.trials.length).toBeGreaterThan(0);
    const signIn = await admin('POST', `/personas/${tia?.id}/sign-in`);
    expect(signIn.statusCode).toBe(204);
    const session = signIn.cookies.find((c) => c.name === 'ICS_SESSION')?.value ?? '';
    const asTia = () =>
      emulator.app.inject({
        url: '/session-service/api/v1/session/User',
        cookies: { ICS_SESSION: session },
      });
    expect((await asTia()).statusCode).toBe(200);
    const live = (await emulator.admin.sessions()).find((s) => s.displayName === 'Tia Trial');
    expect(live).toBeDefined();
    expect((await admin('DELETE', `/sessions/${live?.ref}`)).statusCode).toBe(204);
    expect((await asTia()).statusCode).toBe(401);
  });

  it('restores a saved state and resets to the seed, keeping the signed-in session', async () => {
    const create = (name: string) => asAda(prefs, 'POST', { fullyQualifiedName: name, value: 'x' });
    const has = async (name: string) =>
      (await asAda(`${prefs}?fullyQualifiedName=${name}`)).json().value.length > 0;
    expect((await create('console.saved')).statusCode).toBe(201);
    expect((await admin('POST', '/states', { name: 'with saved' })).statusCode).toBe(201);
    expect((await create('console.later')).statusCode).toBe(201);
    expect((await admin('POST', '/states/with%20saved/restore')).statusCode).toBe(204);
    expect(await has('console.saved')).toBe(true);
    expect(await has('console.later')).toBe(false);
    expect((await admin('POST', '/states/reset')).statusCode).toBe(204);
    expect(await has('console.saved')).toBe(false);
    expect((await admin('POST', '/states/nope/restore')).statusCode).toBe(404);
  });
});

describe('given an emulator with the console left to its default', () => {
  it('answers 404 at /__emulator/ until it listens on loopback, then answers', async () => {
    const local = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
    try {
      expect((await local.app.inject({ url: '/__emulator/api/state' })).statusCode).toBe(404);
      await local.listen({ host: '127.0.0.1' });
      expect((await local.app.inject({ url: '/__emulator/api/state' })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('isLoopback', () => {
  it('is true for 127.x.x.x, ::1 and localhost, false for any other address', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.test'])
      expect(isLoopback(host)).toBe(false);
  });
});
