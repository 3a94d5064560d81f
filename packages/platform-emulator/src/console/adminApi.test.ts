import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { seededSnapshot } from '../snapshot.ts';
import { extensionFolder } from '../test-support/extensionFolder.ts';
import { adminApi, type AdminOperation } from './adminApi.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    console: true,
    extensions: { 'team-app': extensionFolder() },
  });
  await emulator.app.inject({ url: '/shell-service/api/v1/config' });
});
afterAll(() => emulator.close());

const call = (operation: AdminOperation, params: Record<string, string> = {}, body?: object) =>
  emulator.app.inject({
    method: operation.method,
    url: `/__emulator/api${operation.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`,
    cookies: { ICS_CONSOLE_XSRF: 'token' },
    headers: { 'x-xsrf-token': 'token' },
    ...(body ? { payload: body } : {}),
  });

describe('the admin API as adminApi declares it', () => {
  it('answers every operation with a body its declared schema accepts, or 204 where it declares none', async () => {
    const ajv = new Ajv({ strict: false });
    const fault = (await call(adminApi.addFault, {}, { path: '/nothing/*', status: 500 })).json();
    const seq = String((await emulator.admin.requests.list())[0]?.seq);
    const session = await emulator.admin.startSession('usr-lee-0000001');
    const ref = (await emulator.admin.sessions())[0]?.ref ?? '';
    await emulator.admin.saveState('file');
    const file = await emulator.admin.stateFile('file');
    const walk: [keyof typeof adminApi, Record<string, string>?, object?][] = [
      ['state'],
      ['listRequests'],
      ['getRequest', { seq }],
      ['advanceClock', {}, { hours: 1 }],
      ['resetClock'],
      ['listFaults'],
      ['addFault', {}, { operation: 'shell.getConfig', status: 502, enabled: false }],
      ['changeFault', { id: fault.id }, { enabled: false }],
      ['removeFault', { id: fault.id }],
      ['listPersonas'],
      ['signInAs', { id: 'usr-ada-0000001' }],
      ['listSessions'],
      ['endSession', { ref }],
      ['listStates'],
      ['saveState', {}, { name: 'walked' }],
      ['restoreState', { name: 'walked' }],
      ['downloadState', { name: 'walked' }],
      ['loadState', {}, file],
      ['resetToSeed'],
      ['listExtensions'],
      ['setExtensionFault', { product: 'team-app', name: '@team/ext' }, { fault: '404' }],
      ['getDrift'],
      ['clearDrift'],
    ];
    const walked = new Set(walk.map(([name]) => name));
    expect(Object.keys(adminApi).filter((name) => !walked.has(name as never))).toEqual([
      'streamRequests',
    ]);
    for (const [name, params, body] of walk) {
      const operation: AdminOperation = adminApi[name];
      const answer = await call(operation, params, body);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBeLessThan(300);
      if (!operation.answer) expect(answer.statusCode, name).toBe(204);
      else
        expect(ajv.validate(operation.answer, answer.json()), `${name}: ${answer.body}`).toBe(true);
    }
    expect(session.id).toBeTruthy();
  });

  it('refuses a body its schema refuses with 400 naming the field in the schema’s words', async () => {
    const advance = await call(adminApi.advanceClock, {}, { weeks: 1 });
    expect(advance.statusCode).toBe(400);
    expect(advance.json().error.message).toBe(
      "body: advance by one of 'minutes', 'hours' or 'days', a positive number.",
    );
    const state = await call(adminApi.saveState, {}, { name: '../x' });
    expect(state.statusCode).toBe(400);
    expect(state.json().error.message).toContain('body.name: a state');
    const fault = await call(adminApi.addFault, {}, { path: '/x', status: 'often' });
    expect(fault.statusCode).toBe(400);
    expect(fault.json().error.message).toContain('body.status');
  });
});
