import { exampleIds, openApiDocument } from '@ics/platform-contract/schemas';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { seededSnapshot } from './snapshot.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';

// Issue 45: what an outside tool reads in the OpenAPI document alone is what the server does.
// The rules of ten operations that answered 400 to requests the document allowed are stated
// (enums, a described order, a package format) or answered as references to nothing (404), and
// the maps state their key rule in a form every JSON Schema tool reads (`propertyNames`).

type Schema = Record<string, unknown>;
interface Operation {
  readonly description?: string;
  readonly requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  readonly parameters: readonly { name: string; schema: Schema }[];
}

const document = openApiDocument() as {
  paths: Record<string, Record<string, Operation & { operationId: string }>>;
  components: { schemas: Record<string, Schema> };
};
const operation = (id: string): Operation & { path: string } => {
  for (const [path, item] of Object.entries(document.paths))
    for (const op of Object.values(item)) if (op.operationId === id) return { ...op, path };
  throw new Error(`No operation ${id}`);
};
/** A schema with its `$ref` followed (one level: the document's named shapes). */
const resolved = (schema: Schema): Schema =>
  typeof schema['$ref'] === 'string'
    ? (document.components.schemas[schema['$ref'].split('/').at(-1) ?? ''] ?? {})
    : schema;
const bodySchema = (id: string): Schema =>
  resolved(Object.values(operation(id).requestBody?.content ?? {})[0]?.schema ?? {});
/** The values an enum of the document allows, written as `enum` or as `anyOf` of `const`s. */
const enumValues = (schema: Schema): unknown[] =>
  Array.isArray(schema['enum'])
    ? schema['enum']
    : ((schema['anyOf'] ?? []) as Schema[]).filter((s) => 'const' in s).map((s) => s['const']);

let emulator: Emulator;
let base = '';
let ada: HttpPersona;

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  base = await emulator.listen();
  ada = await signInOverHttp(base, 'usr-ada-0000001');
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

describe('given the OpenAPI document read by an outside tool', () => {
  it('every map states its key rule with propertyNames (u-flag patterns), so a key with NUL is invalid by the document', () => {
    const maps: Schema[] = [];
    (function walk(value: unknown): void {
      if (Array.isArray(value)) return value.forEach(walk);
      if (typeof value !== 'object' || value === null) return;
      const schema = value as Schema;
      if (schema['type'] === 'object' && !schema['properties'] && !('$ref' in schema))
        maps.push(schema);
      Object.values(schema).forEach(walk);
    })(document.components.schemas);
    expect(maps.length).toBeGreaterThanOrEqual(9);
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const map of maps) {
      expect(map['patternProperties'], JSON.stringify(map)).toBeUndefined();
      const names = map['propertyNames'] as Schema | undefined;
      expect(names?.['pattern'], JSON.stringify(map)).toEqual(expect.any(String));
      // An outside tool's regular expressions: JavaScript's, with the `u` flag.
      expect(() => new RegExp(String(names?.['pattern']), 'u')).not.toThrow();
      expect(ajv.validate(map, { 'a\u0000b': 'x' }), JSON.stringify(map)).toBe(false);
      expect(ajv.validate(map, { variable: 'x' }), JSON.stringify(map)).toBe(true);
    }
  });

  it('every time zone the profile and a new user may take is an enum value of GET TimeZone, and each is accepted', async () => {
    const zones = (await ada.call('GET', '/identity-service/api/v1/TimeZone')).json.value.map(
      (z: { id: string }) => z.id,
    );
    const profile = resolved(bodySchema('identity.updateUserProfile'));
    const timeZone = resolved((profile['properties'] as Record<string, Schema>)['timeZone'] ?? {});
    expect(enumValues(timeZone)).toEqual(zones);
    const newUser = resolved(bodySchema('users.addUser'));
    const zone = resolved((newUser['properties'] as Record<string, Schema>)['timeZone'] ?? {});
    expect(enumValues(zone)).toEqual(zones);
    for (const id of zones) {
      const answer = await ada.call('PATCH', '/identity-service/api/v1/UserProfile', {
        timeZone: id,
      });
      expect(answer.status, `${id}: ${answer.text}`).toBe(200);
    }
  });

  it('the muted categories are an enum of GET Categories, and muting every one is accepted', async () => {
    const categories = (
      await ada.call('GET', '/notification-service/api/v1/categories')
    ).json.value.map((c: { id: string }) => c.id);
    const body = bodySchema('notifications.updatePreferences');
    const muted = (body['properties'] as Record<string, Schema>)['mutedCategories'] ?? {};
    expect(enumValues(resolved(muted['items'] as Schema))).toEqual(categories);
    const answer = await ada.call('PUT', '/notification-service/api/v1/preferences', {
      mutedCategories: categories,
      emailEnabled: true,
      bannerEnabled: true,
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('a reference to nothing answers 404 naming it: an unknown service, role or client id', async () => {
    const usage = await ada.call('POST', '/metering-service/api/v1/UsageEvents', {
      service: 'no-such-service',
      meter: 'compute.hours',
      quantity: 1,
    });
    expect([usage.status, usage.json.error.message]).toEqual([
      404,
      expect.stringContaining('no-such-service'),
    ]);
    const role = await ada.call('PATCH', '/identity-service/api/v1/Users(usr-lee-0000001)', {
      roleIds: ['rol-none-0000001'],
    });
    expect([role.status, role.json.error.message]).toEqual([
      404,
      expect.stringContaining('rol-none-0000001'),
    ]);
    const added = await ada.call('POST', '/management-service/api/v1/users/add', {
      userName: 'pat.probe@acme.example',
      firstName: 'Pat',
      lastName: 'Probe',
      email: 'pat.probe@acme.example',
      roleIds: ['rol-none-0000002'],
    });
    expect([added.status, added.json.error.message]).toEqual([
      404,
      expect.stringContaining('rol-none-0000002'),
    ]);
    for (const query of [`Token?access_code=${ada.xsrf}&`, 'Renew2?']) {
      const token = await ada.call(
        'GET',
        `/identity-service/api/v1/jwt/${query}client_id=no_such_app&nonce=n`,
      );
      expect([token.status, token.json.error.message]).toEqual([
        404,
        expect.stringContaining('no_such_app'),
      ]);
    }
  });

  it("Usage/Summary's description says from may not be after to, and the 400 names query.from", async () => {
    expect(operation('metering.getUsageSummary').description).toMatch(
      /`from` must not be after\s+`to`/,
    );
    const answer = await ada.call(
      'GET',
      '/metering-service/api/v1/Usage/Summary?from=2026-12&to=2026-01',
    );
    expect([answer.status, answer.json.error.details[0].target]).toEqual([400, 'query.from']);
  });

  it("the package upload's schema states the ics-package/1 format, and its example is the seeded export's package, imported with a valid checksum", async () => {
    const { schema, example } = Object.values(
      operation('migration.uploadImportPackage').requestBody?.content ?? {},
    )[0] ?? { schema: {} };
    const format = resolved(schema);
    expect(format['contentMediaType']).toBe('application/json');
    const ajv = new Ajv({ strict: false });
    ajv.addSchema(document, 'doc');
    const contentSchema = JSON.parse(
      JSON.stringify(format['contentSchema']).replaceAll('"#/', '"doc#/'),
    ) as Schema;
    expect(ajv.validate(contentSchema, JSON.parse(String(example))), ajv.errorsText()).toBe(true);
    const upload = await fetch(`${base}/migration-service/api/v1/ImportJobs/$package`, {
      method: 'POST',
      headers: {
        cookie: ada.cookie,
        'x-xsrf-token': ada.xsrf,
        'content-type': 'application/octet-stream',
      },
      body: String(example),
    });
    const answer = (await upload.json()) as { checksumValid: boolean };
    expect([upload.status, answer.checksumValid]).toEqual([201, true]);
    // It is the package the seed's example export answers, byte for byte.
    const exported = await ada.call(
      'GET',
      `/migration-service/api/v1/ExportJobs(${exampleIds.exportJob})/$package`,
    );
    expect(exported.text).toBe(String(example));
  });
});
