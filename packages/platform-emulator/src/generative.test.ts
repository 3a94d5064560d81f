import { listEndpoints, type AnyEndpoint } from '@ics/platform-contract';
import { OrgBrandingInput, schemasOf } from '@ics/platform-contract/schemas';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { accessRuleOf } from './policy/table.ts';
import { personas } from './seed/personas.ts';
import { seededSnapshot } from './snapshot.ts';
import { Conformance } from './conformance.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import {
  breakagesOf,
  validOf,
  type Breakage,
  type JsonSchema,
} from './test-support/schemaArbitrary.ts';

// The generative test of the contract (issue 11): for every operation and every seeded persona
// (and anonymous callers), requests derived from the operation's schemas. Valid ones answer
// 2xx/403/404/409 with an answer the contract's schema accepts (`Conformance`), and 400 only for
// a rule the operation lists beyond its schemas (`refusals`, issue 33: the schemas carry the
// rules); ones with a single broken field answer 400 naming that field (401/403 where the
// caller may not call at all) and write nothing; nothing answers 5xx. One emulator from the seeded snapshot, restarted from it when a
// write ended a persona's session for good (deleted or deactivated users).

const SEED = 20261123;
const VALID_RUNS = 10;
const INVALID_RUNS = 5;

const conformance = new Conformance();
const ajv = new Ajv({ allErrors: true, strict: true, coerceTypes: false });
const queryAjv = new Ajv({ allErrors: true, strict: true, coerceTypes: true });
const compiled = new Map<unknown, ValidateFunction>();
const validator = (schema: object, query = false) => {
  let v = compiled.get(schema);
  if (!v) {
    v = (query ? queryAjv : ajv).compile(schema);
    compiled.set(schema, v);
  }
  return v;
};

let emulator: Emulator;
let base = '';
/** Signed in, by persona id; `undefined` is the anonymous caller. */
const signedIn = new Map<string, Caller>();
/** Ids from the seeded tables, so path keys name real objects as often as unknown ones. */
let seededIds: string[] = [];
let fingerprintSql = '';
const tally = { requests: 0, byStatus: new Map<number, number>(), restarts: 0 };

interface Caller {
  readonly persona: HttpPersona;
  /** A JWT bound to the session, for the bearer-only notification-settings service. */
  readonly jwt: string;
}

async function start(): Promise<void> {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    onAnswer: conformance.check,
  });
  base = await emulator.listen();
  for (const { id } of personas) signedIn.set(id, await signIn(id));
}

async function signIn(id: string): Promise<Caller> {
  const persona = await signInOverHttp(base, id);
  const token = await persona.call(
    'GET',
    `/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=n&access_code=${persona.xsrf}`,
  );
  return { persona, jwt: String(token.json?.jwt_token ?? '') };
}

/** A digest of every table: equal before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const [row] = await emulator.db.query<{ d: string }>(fingerprintSql);
  return row?.d ?? '';
}

beforeAll(async () => {
  await start();
  const tables = await emulator.db.query<{ name: string; hasId: boolean }>(
    `select table_name as name,
       exists (select 1 from information_schema.columns c
               where c.table_name = t.table_name and c.column_name = 'id') as "hasId"
     from information_schema.tables t
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  // Sessions are touched by every signed-in call (last use); they are not data a refusal writes.
  const data = tables.filter((t) => !/session/.test(t.name));
  fingerprintSql = `select md5(string_agg(d, ',' order by d)) as d from (${data
    .map(
      (t) =>
        `select '${t.name}:' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from "${t.name}" x`,
    )
    .join(' union all ')}) y`;
  const ids = new Set<string>();
  for (const t of tables.filter((t) => t.hasId)) {
    const rows = await emulator.db.query<{ id: string }>(
      `select id::text as id from "${t.name}" order by 1 limit 12`,
    );
    for (const { id } of rows) ids.add(id);
  }
  seededIds = [...ids];
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b);
  console.log(
    `generative test: ${operations.length} operations, ${tally.requests} requests, ` +
      `${conformance.checked} answers checked, ${tally.restarts} restarts; statuses ${statuses
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
  );
});

interface Request {
  readonly caller: string | undefined;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly body: unknown;
  /** What the broken request breaks; absent on valid ones. */
  readonly broken?: Breakage;
}

const operations = listEndpoints();
const callers = [...personas.map((p) => p.id), undefined];

const stringify = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));

/** A path key: a seeded id or an arbitrary one, as long as the schema accepts it. */
function paramsOf(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, string>> {
  if (!schema) return fc.constant({});
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const perKey = Object.entries(properties).map(([name, sub]) => {
    const fits = seededIds.filter((id) => validator(sub)(id));
    const own = validOf(sub).map(String);
    return [name, fits.length > 0 ? fc.oneof(fc.constantFrom(...fits), own) : own] as const;
  });
  return fc.record(Object.fromEntries(perKey));
}

function validRequest(endpoint: AnyEndpoint): fc.Arbitrary<Request> {
  const s = schemasOf(endpoint);
  const query = s.query
    ? (validOf(s.query) as fc.Arbitrary<Record<string, unknown>>).map(stringify)
    : fc.constant({});
  const body: fc.Arbitrary<unknown> =
    s.bodyType === 'application/octet-stream'
      ? fc.uint8Array({ minLength: 1, maxLength: 64 })
      : s.bodyType === 'multipart/form-data'
        ? validOf(OrgBrandingInput).map((b) => form({ branding: JSON.stringify(b) }))
        : s.body
          ? validOf(s.body)
          : fc.constant(undefined);
  return fc
    .record({
      caller: fc.constantFrom(...callers),
      params: paramsOf(s.params),
      query,
      body,
    })
    .filter(
      (r) =>
        (!s.query || validator(s.query, true)({ ...r.query })) &&
        (!s.body || !!s.bodyType || validator(s.body)(r.body)),
    );
}

/** A valid request with one field broken, confirmed invalid by the schema. */
function brokenRequest(endpoint: AnyEndpoint): fc.Arbitrary<Request> {
  const s = schemasOf(endpoint);
  return validRequest(endpoint).chain((request) => {
    const candidates: Request[] = [
      // Every operation refuses an unknown query parameter.
      {
        ...request,
        query: { ...request.query, zzUnknown: '1' },
        broken: { field: 'query.zzUnknown', kind: 'extra property', value: '1' },
      },
    ];
    if (s.params)
      for (const b of breakagesOf(s.params, request.params, 'params')) {
        // A path key cannot be left out, added or empty: the path would name no endpoint.
        if (b.kind === 'missing required' || b.kind === 'extra property' || b.field === 'params')
          continue;
        const params = stringify(b.value as Record<string, unknown>);
        if (Object.values(params).some((v) => v === '')) continue;
        if (!validator(s.params)(params)) candidates.push({ ...request, params, broken: b });
      }
    if (s.query)
      for (const b of breakagesOf(s.query, request.query, 'query')) {
        const query = stringify(b.value as Record<string, unknown>);
        if (!validator(s.query, true)({ ...query }))
          candidates.push({ ...request, query, broken: b });
      }
    if (s.bodyType === 'multipart/form-data') {
      const broken = form({ branding: '{}', zzUnknown: '1' });
      candidates.push({
        ...request,
        body: broken,
        broken: { field: 'body.zzUnknown', kind: 'extra property', value: broken },
      });
    } else if (s.body && !s.bodyType) {
      candidates.push({
        ...request,
        body: undefined,
        broken: { field: 'body', kind: 'missing required', value: undefined },
      });
      for (const b of breakagesOf(s.body, request.body, 'body'))
        if (!validator(s.body)(b.value)) candidates.push({ ...request, body: b.value, broken: b });
    }
    return fc.constantFrom(...candidates);
  });
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const key = (value: string) =>
  encodeURIComponent(value).replace(/\(/g, '%28').replace(/\)/g, '%29');

async function send(endpoint: AnyEndpoint, fullPath: string, request: Request) {
  const path = fullPath.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) =>
    key(request.params[name] ?? ''),
  );
  const search = new URLSearchParams(request.query).toString();
  const caller = request.caller === undefined ? undefined : signedIn.get(request.caller);
  const headers: Record<string, string> = {};
  if (caller) {
    headers['cookie'] = caller.persona.cookie;
    headers['x-xsrf-token'] = caller.persona.xsrf;
    headers['jwt_token'] = caller.jwt; // what renewing a token presents
    if (endpoint.credential === 'bearer') headers['authorization'] = `Bearer ${caller.jwt}`;
  }
  let body: RequestInit['body'];
  if (request.body instanceof FormData) body = request.body;
  else if (request.body instanceof Uint8Array) {
    body = request.body;
    headers['content-type'] = 'application/octet-stream';
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${base}${path}${search ? `?${search}` : ''}`, {
    method: endpoint.method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  tally.requests += 1;
  tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
  return { status: response.status, text };
}

/**
 * After a write that succeeded: every persona still signed in? A session ended by the write
 * (logout) is renewed; a persona who cannot sign in any more (deleted, deactivated) restarts
 * the emulator from the seeded snapshot.
 */
async function keepCallersSignedIn(): Promise<void> {
  for (const [id, caller] of signedIn) {
    const me = await caller.persona.call('GET', '/identity-service/api/v1/UserProfile');
    if (me.status !== 401) continue;
    try {
      signedIn.set(id, await signIn(id));
    } catch {
      await emulator.close();
      tally.restarts += 1;
      await start();
      return;
    }
  }
}

/** The targets a 400 names (`details[].target`). */
const targetsOf = (text: string): { target: string; message: string }[] => {
  try {
    return JSON.parse(text)?.error?.details ?? [];
  } catch {
    return [];
  }
};

/** Whether a 400 names only fields of rules the operation lists beyond its schemas. */
function refusedFor(endpoint: AnyEndpoint, text: string): boolean {
  const rules = Object.keys(schemasOf(endpoint).refusals ?? {});
  const targets = targetsOf(text);
  return (
    targets.length > 0 &&
    targets.every(({ target }) => rules.some((r) => target === r || target.startsWith(`${r}.`)))
  );
}

/**
 * Whether a 400 names the broken field: the field itself (or a part of it), or the object that
 * holds it, naming it as missing or unknown.
 */
function namesField(text: string, field: string): boolean {
  const leaf = field.split('.').at(-1) ?? field;
  return targetsOf(text).some(
    ({ target, message }) =>
      target === field ||
      target.startsWith(`${field}.`) ||
      (field.startsWith(`${target}.`) && message.includes(`'${leaf}'`)),
  );
}

/** What an operation answers a caller who may not call it at all, whatever the input. */
function refusalOf(endpoint: AnyEndpoint, caller: string | undefined): number | undefined {
  if (endpoint.credential === 'public') return undefined;
  const { rule } = accessRuleOf(endpoint);
  if (caller === undefined) return 401;
  if (rule === 'admin' && !personas.find((p) => p.id === caller)?.privileges.includes('admin'))
    return 403;
  return undefined;
}

describe('given requests derived from the contract for every operation and persona', () => {
  it.each(operations.map((o) => ({ ...o, operation: `${o.group}.${o.name}` })))(
    '$operation: valid ones answer 2xx/403/404/409 (400 only for a rule it lists) with schema-true bodies, one broken field 400 naming it and writing nothing, never 5xx',
    async ({ endpoint, fullPath }) => {
      const mismatchesBefore = conformance.mismatches.length;
      await fc.assert(
        fc.asyncProperty(validRequest(endpoint), async (request) => {
          const answer = await send(endpoint, fullPath, request);
          const refusal = refusalOf(endpoint, request.caller);
          const expected = refusal
            ? [refusal]
            : request.caller === undefined && endpoint.credential === 'bearer'
              ? [401]
              : [200, 201, 204, 403, 404, 409];
          if (!expected.includes(answer.status) && answer.status === 400)
            expect(
              refusedFor(endpoint, answer.text),
              `a valid request answered 400 for no rule the operation lists: ${JSON.stringify(request)} → ${answer.text}`,
            ).toBe(true);
          else
            expect(expected, `${JSON.stringify(request)} → ${answer.text}`).toContain(
              answer.status,
            );
          if (answer.status < 300 && endpoint.method !== 'GET') await keepCallersSignedIn();
        }),
        { seed: SEED, numRuns: VALID_RUNS },
      );
      await fc.assert(
        fc.asyncProperty(brokenRequest(endpoint), async (request) => {
          const before = await fingerprint();
          const answer = await send(endpoint, fullPath, request);
          const refusal = refusalOf(endpoint, request.caller);
          expect(answer.status, `${JSON.stringify(request.broken)} → ${answer.text}`).toBe(
            refusal ?? 400,
          );
          if (!refusal && request.broken)
            expect(
              namesField(answer.text, request.broken.field),
              `${JSON.stringify(request.broken)} → ${answer.text}`,
            ).toBe(true);
          expect(await fingerprint()).toBe(before);
        }),
        { seed: SEED, numRuns: INVALID_RUNS },
      );
      expect(conformance.mismatches.slice(mismatchesBefore)).toEqual([]);
    },
  );
});
