import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import { seededSnapshot } from './snapshot.ts';

// The reproducible 500s of issue 10: each input answers a 4xx and writes nothing.
let emulator: Emulator;
let base: string;
let ada: HttpPersona;
const frs = '/frs-service/api/v1';
const migration = '/migration-service/api/v1';
const count = async (table: string) =>
  (await emulator.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n;

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  base = await emulator.listen();
  ada = await signInOverHttp(base, 'usr-ada-0000001');
});
afterAll(() => emulator.close());

describe('given a NUL character, which the database cannot store', () => {
  it.each([
    ['POST', `${frs}/Projects`, { name: 'a\u0000b' }, 'frs_entities'],
    ['POST', `${frs}/Projects`, { name: 'Fine', description: 'x\u0000' }, 'frs_entities'],
    [
      'POST',
      '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences',
      { fullyQualifiedName: 'a.b', value: '\u0000' },
      'preferences',
    ],
    ['PATCH', '/identity-service/api/v1/UserProfile', { title: 'Boss\u0000' }, 'users'],
    [
      'POST',
      '/bundle-service/api/v1/BundleDefinitions',
      { name: 'B', description: '\u0000', objectIds: ['x'] },
      'bundles',
    ],
    [
      'POST',
      '/scheduler-service/api/v1/Schedules',
      { name: 'S', description: '\u0000', startTime: '2030-01-01T00:00:00Z' },
      'schedules',
    ],
    [
      'POST',
      '/source-control-service/api/v1/UserCredential',
      { provider: 'GITHUB', username: 'u\u0000', token: 't' },
      'scm_credentials',
    ],
  ])('refuses %s %s with 400 and writes nothing', async (method, path, body, table) => {
    const before = await count(table);
    const answer = await ada.call(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toMatch(/control character|NUL/);
    expect(await count(table)).toBe(before);
  });

  it.each([
    `${frs}/Documents(a%00b)`,
    '/identity-service/api/v1/Users(%00)',
    '/branding-service/logos/%00/1',
    `${frs}/Documents?nameContains=%00`,
  ])('refuses %s in a path key or query with 400', async (path) => {
    const answer = await ada.call('GET', path);
    expect(answer.status).toBe(400);
  });
});

describe('given structured input out of bounds', () => {
  it('refuses nativeData nested 5,000 deep with 400 and leaves the document', async () => {
    const location = (await ada.call('GET', `${frs}/FetchDefaultLocation()`)).json.id;
    const docs = await ada.call('GET', `${frs}/Projects(${location})/BaseEntities`);
    const doc = docs.json.value.find(
      (e: { documentType: string }) => e.documentType === 'MAPPING',
    ).id;
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const answer = await ada.call('PATCH', `${frs}/Documents(${doc})`, `{"nativeData":${deep}}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toMatch(/deep/);
    const after = await ada.call('GET', `${frs}/Documents(${doc})?$expand=nativeData`);
    expect(after.json.nativeData).toEqual({ source: 'orders' });
  });

  it.each([
    [
      '$orderby=hasOwnProperty',
      /^query\.\$orderby does not have the form .*; fields: id, userName,/,
    ],
    [
      "$filter=constructor eq 'x'",
      /^query\.\$filter does not have the form .*; fields: id, userName,/,
    ],
    [
      "$filter=__proto__ eq 'x'",
      /^query\.\$filter does not have the form .*; fields: id, userName,/,
    ],
    [
      '$orderby=toString desc',
      /^query\.\$orderby does not have the form .*; fields: id, userName,/,
    ],
  ])(
    'refuses OData %s, an inherited property rather than a field, with 400',
    async (query, message) => {
      const answer = await ada.call(
        'GET',
        `/identity-service/api/v1/Orgs(org-acme-000001)/Users?${query}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.json.error.message).toMatch(message);
    },
  );

  const received = '/notification-service/api/v1/Users(usr-ada-0000001)/ReceivedMessages';
  it.each([
    ['$orderby=hasOwnProperty', /^query\.\$orderby does not have the form the contract states: /],
    ["$filter=constructor eq 'x'", /^query\.\$filter does not have the form the contract states: /],
    ['$orderby=title', /^query\.\$orderby does not have the form the contract states: /],
    ["$filter=status eq 'BOGUS'", /use one of NEW, READ/],
    [
      "$filter=status eq 'NEW' or type eq 'BANNER'",
      /^query\.\$filter does not have the form the contract states: OData subset/,
    ],
    ["$filter=status eq 'NE%00W'", /NUL/],
  ])(
    'refuses the notification service’s OData %s with 400, like every collection',
    async (query, message) => {
      const answer = await ada.call('GET', `${received}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json.error.message).toMatch(message);
    },
  );

  it('answers the notification service’s OData through the shared module: ne, several $orderby keys, $count', async () => {
    const all = (await ada.call('GET', received)).json.value as { type: string }[];
    const answer = await ada.call(
      'GET',
      `${received}?$filter=type ne 'BANNER'&$orderby=priority asc,publishTime desc&$count=true`,
    );
    expect(answer.status).toBe(200);
    const value = answer.json.value as { type: string; priority: string; publishTime: string }[];
    expect(answer.json['@odata.count']).toBe(value.length);
    expect(value.length).toBe(all.filter((m) => m.type !== 'BANNER').length);
    expect(value.length).toBeGreaterThan(1);
    expect(value.map((m) => m.type)).not.toContain('BANNER');
    const order = value.map((m) => `${m.priority} ${m.publishTime}`);
    const expected = [...value]
      .sort(
        (a, b) =>
          a.priority.localeCompare(b.priority) || b.publishTime.localeCompare(a.publishTime),
      )
      .map((m) => `${m.priority} ${m.publishTime}`);
    expect(order).toEqual(expected);
  });

  it.each(['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '10000-01-01T00:00:00Z'])(
    'refuses a schedule starting at %s with 400 and writes nothing',
    async (startTime) => {
      const before = await count('schedules');
      const answer = await ada.call('POST', '/scheduler-service/api/v1/Schedules', {
        name: `Old ${startTime}`,
        startTime,
      });
      expect(answer.status).toBe(400);
      expect(await count('schedules')).toBe(before);
    },
  );
});

describe('given import packages', () => {
  const upload = (objects: unknown) =>
    ada.call(
      'POST',
      `${migration}/ImportJobs/$package`,
      new TextEncoder().encode(JSON.stringify({ format: 'ics-package/1', checksum: 'x', objects })),
    );
  const object = (fields: Record<string, unknown>) => ({
    objectGuid: 'obj-000000000001',
    name: 'Imported',
    documentType: 'MAPPING',
    path: '/Default/Imported',
    description: '',
    nativeData: {},
    dependency: false,
    ...fields,
  });

  it.each([
    ['a null object', [null]],
    ['a name that is a number', [object({ name: 42 })]],
    ['a name with a path', [object({ name: 'evil/../name' })]],
    ['a name with a tab', [object({ name: 'tab\there' })]],
    ['a name with NUL', [object({ name: 'nul\u0000' })]],
    ['nativeData that is not an object', [object({ nativeData: 'text' })]],
    ['an unknown field', [object({ admin: true })]],
  ])(
    'refuses a package with %s (400), stores no package, and ImportJobs keeps answering',
    async (_, objects) => {
      const before = await count('migration_packages');
      const answer = await upload(objects);
      expect(answer.status).toBe(400);
      expect(await count('migration_packages')).toBe(before);
      expect((await ada.call('GET', `${migration}/ImportJobs`)).status).toBe(200);
    },
  );

  it('accepts a well-formed package', async () => {
    const answer = await upload([object({})]);
    expect(answer.status).toBe(201);
    expect(answer.json.objects).toHaveLength(1);
  });
});
