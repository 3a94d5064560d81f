import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { checkStorable } from './http/inputs.ts';
import { signInOverHttp, type Answer, type HttpPersona } from './test-support/httpPersona.ts';
import { bothDatabases, type TestDatabase } from './test-support/postgresServer.ts';

// A lone UTF-16 surrogate ("\ud800" in a JSON string) is no character: jsonb refuses it (the
// routes that stored one answered 500) and a text parameter stores U+FFFD in its place (a
// silent change). The input layer refuses it in any string a request carries, with a 400 naming
// where, before a route runs; the routes that read JSON themselves (a package, the branding
// form, theme JSON) apply the same check. Over real HTTP, on both databases the emulator runs on
// (decision 0976).
const frs = '/frs-service/api/v1';
const ADA = 'usr-ada-0000001';
const LONE = /lone UTF-16 surrogate/;

describe.each(bothDatabases)('given %s', (_, database) => {
  let server: TestDatabase | undefined;
  let emulator: Emulator;
  let base = '';
  let ada: HttpPersona;
  let doc = '';

  beforeAll(async () => {
    server = await database();
    emulator = await createEmulator({ database: server.url });
    base = await emulator.listen();
    ada = await signInOverHttp(base, ADA);
    const project = (await ada.call('GET', `${frs}/FetchDefaultLocation()`)).json.id;
    const docs = await ada.call('GET', `${frs}/Projects(${project})/BaseEntities`);
    doc = docs.json.value.find((e: { documentType: string }) => e.documentType === 'MAPPING').id;
  }, 120_000);
  afterAll(async () => {
    await emulator?.close();
    server?.stop();
  });

  /** A digest of a table: equal before and after means nothing was written to it. */
  const digest = async (table: string) =>
    (
      await emulator.db.query<{ d: string | null }>(
        `select md5(string_agg(t::text, '|' order by t::text)) as d from ${table} t`,
      )
    )[0]?.d;
  const refused = (answer: Answer, target: string) => {
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error.code).toBe('VALIDATION');
    expect(answer.json.error.details).toEqual([{ target, message: expect.stringMatching(LONE) }]);
  };
  const upload = (name: string) =>
    ada.call(
      'POST',
      '/migration-service/api/v1/ImportJobs/$package',
      new TextEncoder().encode(
        JSON.stringify({
          format: 'ics-package/1',
          checksum: 'x',
          objects: [
            {
              objectGuid: 'obj-1',
              name,
              documentType: 'MAPPING',
              path: `/Default/${name}`,
              description: '',
              nativeData: {},
              dependency: false,
            },
          ],
        }),
      ),
    );
  const saveBranding = async (branding: unknown): Promise<Answer> => {
    const form = new FormData();
    form.set('branding', JSON.stringify(branding));
    const response = await fetch(`${base}/branding-service/api/v1/OrgBranding`, {
      method: 'POST',
      headers: { cookie: ada.cookie, 'x-xsrf-token': ada.xsrf },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
  };

  it('refuses a lone surrogate in a document’s nativeData, as a value or a key (400 naming it, was 500), and leaves the document', async () => {
    const before = await digest('frs_entities');
    refused(
      await ada.call('PATCH', `${frs}/Documents(${doc})`, { nativeData: { k: 'x\ud800' } }),
      'body.nativeData.k',
    );
    refused(
      await ada.call('PATCH', `${frs}/Documents(${doc})`, { nativeData: { a: { '\udc00': 1 } } }),
      'body.nativeData.a.\udc00',
    );
    expect(await digest('frs_entities')).toBe(before);
  });

  it('refuses a lone surrogate in a text field (400) instead of storing U+FFFD in its place', async () => {
    const before = await digest('frs_entities');
    refused(
      await ada.call('PATCH', `${frs}/Documents(${doc})`, { description: 'x\ud800' }),
      'body.description',
    );
    expect(await digest('frs_entities')).toBe(before);
  });

  it('refuses an import package whose object name holds a lone surrogate (400, was 500) and stores no package', async () => {
    const before = await digest('migration_packages');
    refused(await upload('Orders \udbff'), 'body.objects.0.name');
    expect(await digest('migration_packages')).toBe(before);
  });

  it('refuses branding whose variables hold a lone surrogate (400, was 500) and keeps the branding', async () => {
    const before = await digest('org_brandings');
    refused(
      await saveBranding({ variables: { accent: '\ud800' } }),
      'body.branding.variables.accent',
    );
    expect(await digest('org_brandings')).toBe(before);
  });

  it('refuses theme JSON whose value holds an escaped lone surrogate (400) and writes no theme', async () => {
    const before = await digest('themes');
    const answer = await ada.call('POST', '/branding-service/api/v1/Themes', {
      name: 'Broken',
      value: '{"primary":"\\ud800"}',
    });
    refused(answer, 'body.value.primary');
    expect(await digest('themes')).toBe(before);
  });

  it('stores text with surrogate pairs (emoji, a rare CJK character) exactly as sent, in text and in jsonb', async () => {
    const text = 'Plan 😀 𠜎 \ud83d\ude80';
    const patched = await ada.call('PATCH', `${frs}/Documents(${doc})`, {
      description: text,
      nativeData: { [text]: text },
    });
    expect(patched.status, patched.text).toBe(200);
    const read = await ada.call('GET', `${frs}/Documents(${doc})?$expand=nativeData`);
    expect([read.json.description, read.json.nativeData]).toEqual([text, { [text]: text }]);
    const pkg = await upload('Orders 😀');
    expect(pkg.status, pkg.text).toBe(201);
    expect(pkg.json.objects[0].name).toBe('Orders 😀');
  });
});

describe('checkStorable', () => {
  const verdict = (text: string) => {
    try {
      checkStorable('t', text);
      return 'stored';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each([
    ['a high surrogate at the end', 'ab\ud800'],
    ['a high surrogate at the start, before a letter', '\udbffa'],
    ['two high surrogates', '\ud800\ud800'],
    ['a low surrogate at the start', '\udc00ab'],
    ['a low surrogate after a letter', 'a\udfff'],
    ['a pair in the wrong order', '\udc00\ud800'],
    ['a pair followed by a lone low surrogate', '😀\ude00'],
  ])('refuses %s', (_, text) => {
    expect(verdict(text)).toMatch(/^t contains a lone UTF-16 surrogate/);
  });

  it.each([
    ['the first pair', '\ud800\udc00'],
    ['the last pair', '\udbff\udfff'],
    ['pairs side by side', '😀😀'],
    ['the characters around the surrogates', '\ud7ff\ue000\uffff'],
  ])('stores %s', (_, text) => {
    expect(verdict(text)).toBe('stored');
  });
});
