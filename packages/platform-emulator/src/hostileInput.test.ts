import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import { seededSnapshot } from './snapshot.ts';

// A property over the write endpoints (issue 10): whatever hostile text goes into a field, a
// key or a path key, the answer is never a 5xx, and a refusal writes nothing.
let emulator: Emulator;
let ada: HttpPersona;
let doc = '';
let project = '';

async function fingerprint(): Promise<string> {
  const [row] = await emulator.db.query<{ d: string }>(
    `select md5(string_agg(d, ',' order by d)) as d from (
       select 'e' || md5(string_agg(t::text, '|' order by t::text)) as d from frs_entities t
       union all select 'p' || md5(string_agg(t::text, '|' order by t::text)) from preferences t
       union all select 'u' || md5(string_agg(t::text, '|' order by t::text)) from users t
       union all select 'b' || md5(string_agg(t::text, '|' order by t::text)) from bundles t
       union all select 's' || md5(string_agg(t::text, '|' order by t::text)) from schedules t
       union all select 'g' || md5(string_agg(t::text, '|' order by t::text)) from frs_tags t
       union all select 'c' || md5(string_agg(t::text, '|' order by t::text)) from scm_credentials t
       union all select 'm' || md5(string_agg(t::text, '|' order by t::text)) from migration_jobs t
       union all select 't' || md5(string_agg(t::text, '|' order by t::text)) from themes t
     ) x`,
  );
  return row?.d ?? '';
}

const hostile = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\u202Eevil\u202C',
    'x'.repeat(10_000),
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'toString',
    '../../etc/passwd',
    '%00',
    'tab\there',
    '',
    ' ',
    "'; drop table users; --",
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '\u0000');

/** A path key as an attacker sends it: a lone surrogate goes as its (invalid) UTF-8 bytes. */
const pathKey = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** Write endpoints and where a hostile string goes: `s` is the hostile text. */
const writes: readonly ((s: string) => { method: string; path: string; body?: unknown })[] = [
  (s) => ({ method: 'POST', path: '/frs-service/api/v1/Projects', body: { name: s } }),
  (s) => ({
    method: 'POST',
    path: '/frs-service/api/v1/Projects',
    body: { name: 'P', description: s },
  }),
  (s) => ({
    method: 'PATCH',
    path: `/frs-service/api/v1/Documents(${doc})`,
    body: { description: s },
  }),
  (s) => ({
    method: 'PATCH',
    path: `/frs-service/api/v1/Documents(${doc})`,
    body: { nativeData: { [s]: s } },
  }),
  (s) => ({
    method: 'PATCH',
    path: `/frs-service/api/v1/Documents(${pathKey(s)})`,
    body: { description: 'd' },
  }),
  (s) => ({
    method: 'POST',
    path: `/frs-service/api/v1/Projects(${project})/Folders`,
    body: { name: s },
  }),
  (s) => ({
    method: 'POST',
    path: '/frs-service/api/v1/UpdateTagAssignment',
    body: { ids: [doc], assign: [s] },
  }),
  (s) => ({
    method: 'POST',
    path: '/frs-service/api/v1/CheckEntityList',
    body: { entityList: [{ name: s, documentType: 'MAPPING' }] },
  }),
  (s) => ({
    method: 'POST',
    path: '/identity-service/api/v1/Users(usr-ada-0000001)/Preferences',
    body: { fullyQualifiedName: s, value: s },
  }),
  (s) => ({
    method: 'DELETE',
    path: `/identity-service/api/v1/Users(usr-ada-0000001)/Preferences(${pathKey(s)})`,
  }),
  (s) => ({ method: 'PATCH', path: '/identity-service/api/v1/UserProfile', body: { title: s } }),
  (s) => ({
    method: 'PATCH',
    path: '/identity-service/api/v1/Users(usr-lee-0000001)',
    body: { firstName: s },
  }),
  (s) => ({
    method: 'POST',
    path: '/bundle-service/api/v1/BundleDefinitions',
    body: { name: s, description: s, objectIds: [doc] },
  }),
  (s) => ({
    method: 'POST',
    path: '/scheduler-service/api/v1/Schedules',
    body: { name: s, startTime: '2030-01-01T00:00:00Z' },
  }),
  (s) => ({
    method: 'POST',
    path: '/scheduler-service/api/v1/Schedules',
    body: { name: 'S', startTime: s },
  }),
  (s) => ({
    method: 'POST',
    path: '/source-control-service/api/v1/UserCredential',
    body: { provider: 'GITHUB', username: s, token: s },
  }),
  (s) => ({
    method: 'POST',
    path: '/branding-service/api/v1/Themes',
    body: { name: s, value: `{"primary":"${s}"}` },
  }),
  (s) => ({
    method: 'POST',
    path: '/migration-service/api/v1/ExportJobs',
    body: { name: s, objects: [{ objectGuid: doc, inclusionScope: 'WITHOUT_DEPENDENCIES' }] },
  }),
  (s) => ({
    method: 'GET',
    path: `/identity-service/api/v1/Orgs(org-acme-000001)/Users?$filter=${pathKey(`${s} eq 'x'`)}`,
  }),
];

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  ada = await signInOverHttp(await emulator.listen(), 'usr-ada-0000001');
  const location = await ada.call('GET', '/frs-service/api/v1/FetchDefaultLocation()');
  project = location.json.id;
  const docs = await ada.call('GET', `/frs-service/api/v1/Projects(${project})/BaseEntities`);
  doc = docs.json.value[0].id;
});
afterAll(() => emulator.close());

describe('given hostile strings in every write endpoint', () => {
  it('never answers a 5xx, and a refusal writes nothing (fixed seed, bounded time)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: writes.length - 1 }),
        hostile,
        fc.option(prototypeKey, { nil: undefined }),
        async (index, text, extraKey) => {
          const request = writes[index]?.(text);
          if (!request) return;
          const body =
            extraKey !== undefined && typeof request.body === 'object'
              ? JSON.parse(
                  `{${JSON.stringify(extraKey)}: 1, ${JSON.stringify(request.body).slice(1)}`,
                )
              : request.body;
          const before = await fingerprint();
          const answer = await ada.call(
            request.method,
            request.path,
            body === undefined ? undefined : JSON.stringify(body),
          );
          expect(answer.status, `${request.method} ${request.path}: ${answer.text}`).toBeLessThan(
            500,
          );
          if (answer.status >= 400) expect(await fingerprint()).toBe(before);
        },
      ),
      {
        seed: 20261122,
        numRuns: 150,
        interruptAfterTimeLimit: 40_000,
        markInterruptAsFailure: false,
      },
    );
  }, 60_000);
});
