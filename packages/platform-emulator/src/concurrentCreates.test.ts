import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { seededSnapshot } from './snapshot.ts';
import { addUser, signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';

// Two requests that create the same name at once, on the embedded database (PGlite): the name
// rules hold under concurrency, not only one request after the other.
let emulator: Emulator;
let ada: HttpPersona;

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  ada = await signInOverHttp(await emulator.listen(), 'usr-ada-0000001');
});
afterAll(() => emulator.close());

const statuses = async (calls: Promise<{ status: number }>[]) =>
  (await Promise.all(calls)).map((a) => a.status).sort();

describe('given two concurrent creates of one name', () => {
  it('creates one of two same-name projects (201) and refuses the other (409); one project remains', async () => {
    const create = (name: string) =>
      ada.call('POST', '/frs-service/api/v1/Projects', { name, description: '' });
    expect(await statuses([create('Twin'), create('TWIN')])).toEqual([201, 409]);
    const projects = await ada.call('GET', '/frs-service/api/v1/Projects');
    const twins = projects.json.value.filter((p: { name: string }) => /^twin$/i.test(p.name));
    expect(twins).toHaveLength(1);
  });

  it('adds one of two users whose names differ only in case (201) and refuses the other (409)', async () => {
    expect(
      await statuses([
        addUser(ada, 'twin.user@acme.example'),
        addUser(ada, 'TWIN.User@acme.example'),
      ]),
    ).toEqual([201, 409]);
    const users = await ada.call('GET', '/identity-service/api/v1/Orgs(org-acme-000001)/Users');
    const twins = users.json.value.filter(
      (u: { userName: string }) => u.userName.toLowerCase() === 'twin.user@acme.example',
    );
    expect(twins).toHaveLength(1);
  });
});
