import { openApiDocument } from '@ics/platform-contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { Conformance } from './conformance.ts';
import { seededSnapshot } from './snapshot.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';

// Issue 33: every operation of the OpenAPI document, driven with the document's own examples
// against a real emulator over HTTP, answers its documented 2xx, each from the seeded data. An id the seed does not fix
// comes from the operations that link to this one: it runs first (with its own examples and
// links) and the link's expressions read the id from its answer, as a tool would walk the
// document. Every answer is checked against the contract (`Conformance`).

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly example?: unknown;
}
interface Link {
  readonly operationId: string;
  readonly parameters?: Readonly<Record<string, string>>;
  readonly requestBody?: unknown;
}
interface Operation {
  readonly operationId: string;
  readonly parameters: readonly Parameter[];
  readonly requestBody?: { content: Record<string, { example?: unknown }> };
  readonly responses: Record<string, { links?: Record<string, Link> }>;
  readonly security: readonly Record<string, unknown>[];
}
interface Driven {
  readonly method: string;
  readonly path: string;
  readonly operation: Operation;
}
interface Answer {
  readonly status: number;
  readonly json: unknown;
  readonly bytes: Uint8Array;
}

const document = openApiDocument() as { paths: Record<string, Record<string, Operation>> };
const operations = new Map<string, Driven>(
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [
      operation.operationId,
      { method: method.toUpperCase(), path, operation },
    ]),
  ),
);
/** Each operation's ways in: the links that lead to it, and the operations they come from. */
const incoming = new Map<string, { from: string; link: Link }[]>();
for (const [from, { operation }] of operations)
  for (const response of Object.values(operation.responses))
    for (const link of Object.values(response.links ?? {}))
      incoming.set(link.operationId, [...(incoming.get(link.operationId) ?? []), { from, link }]);

/**
 * Operations that cannot answer 2xx to their example, and why. Each is an operation whose
 * success depends on what no example can hold.
 */
const exempt: Readonly<Record<string, string>> = {
  'identity.initEmailVerification':
    "starts a verification of the signed-in user's own address, and every seeded persona's is verified (409)",
};

const conformance = new Conformance();
let now = Date.now();
let emulator: Emulator;
let base = '';
let ada: HttpPersona;
let jwt = '';

async function signIn(): Promise<void> {
  ada = await signInOverHttp(base, 'usr-ada-0000001');
  const token = await ada.call(
    'GET',
    `/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=n&access_code=${ada.xsrf}`,
  );
  jwt = String(token.json?.jwt_token ?? '');
}

beforeAll(async () => {
  emulator = await createEmulator({
    database: 'memory',
    snapshot: await seededSnapshot(),
    onAnswer: conformance.check,
    clock: { now: () => now },
  });
  base = await emulator.listen();
  await signIn();
  await emulator.admin.saveState('seeded');
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

/** The value a runtime expression (`$response.body#/value/0/id`, `$response.body`) reads. */
function evaluate(expression: unknown, answer: Answer): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$response.body')) {
    if (Array.isArray(expression)) return expression.map((item) => evaluate(item, answer));
    if (typeof expression === 'object' && expression !== null)
      return Object.fromEntries(
        Object.entries(expression).map(([k, v]) => [k, evaluate(v, answer)]),
      );
    return expression;
  }
  const pointer = expression.slice('$response.body'.length).replace(/^#/, '');
  if (pointer === '') return answer.bytes;
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, key) => (value as Record<string, unknown> | undefined)?.[key],
      answer.json,
    );
}

/** `patch` over `value`: objects merge key by key (two links may each fill part of a body). */
function merge(value: unknown, patch: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
  if (!isObject(value) || !isObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...value };
  for (const [k, v] of Object.entries(patch)) merged[k] = merge(value[k], v);
  return merged;
}

/** Sends one operation: its examples, with what the link into it reads from its source's answer. */
async function drive(operationId: string, depth = 0): Promise<Answer> {
  const driven = operations.get(operationId);
  if (!driven) throw new Error(`No operation ${operationId}`);
  const { method, path, operation } = driven;
  // Path and required parameters take their examples; an optional one narrows or pages the
  // answer, so it is sent only when the link into the operation sets it.
  const values = new Map(
    operation.parameters
      .filter((p) => p.in === 'path' || p.required)
      .map((p) => [p.name, p.example]),
  );
  const [media, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  let body = content?.example;
  for (const way of depth < 8 ? (incoming.get(operationId) ?? []) : []) {
    const source = await drive(way.from, depth + 1);
    expect(source.status, `${way.from}, the link into ${operationId}`).toBeLessThan(300);
    for (const [name, expression] of Object.entries(way.link.parameters ?? {}))
      values.set(name, evaluate(expression, source));
    if (way.link.requestBody !== undefined)
      body = merge(body, evaluate(way.link.requestBody, source));
  }
  // What the session itself gives: the XSRF cookie's value is the token call's access code.
  if (operationId === 'token.getToken') values.set('access_code', ada.xsrf);
  const url = new URL(base);
  url.pathname = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values.get(name))),
  );
  for (const p of operation.parameters)
    if (p.in === 'query' && values.get(p.name) !== undefined)
      url.searchParams.set(p.name, String(values.get(p.name)));
  const headers: Record<string, string> = { cookie: ada.cookie, 'x-xsrf-token': ada.xsrf };
  if (operation.security.some((s) => 'bearer' in s)) headers['authorization'] = `Bearer ${jwt}`;
  if (operation.security.some((s) => 'jwtToken' in s)) headers['jwt_token'] = jwt;
  let payload: RequestInit['body'];
  if (media === 'multipart/form-data') {
    const form = new FormData();
    for (const [k, v] of Object.entries(body as Record<string, string>)) form.set(k, v);
    payload = form;
  } else if (media === 'application/octet-stream') {
    headers['content-type'] = media;
    payload = body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : String(body);
  } else if (media) {
    headers['content-type'] = media;
    payload = JSON.stringify(body);
  }
  const response = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
  // The emulator's clock moves on between calls, as a client's polling would: a job started by
  // one call has ended by the next (no test waits for real time).
  now += 1_000;
  const bytes = new Uint8Array(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    json = undefined;
  }
  return { status: response.status, json, bytes };
}

describe('given the OpenAPI document and a real emulator, signed in as Ada Admin', () => {
  it.each([...operations].filter(([id]) => !(id in exempt)))(
    '%s answers its documented 2xx to its own examples, following the links into it',
    async (operationId, { operation }) => {
      const documented = Object.keys(operation.responses).filter((s) => s.startsWith('2'));
      // Each operation from the seeded data, so an example's name is free and its objects exist.
      await emulator.admin.restoreState('seeded');
      const before = conformance.mismatches.length;
      const answer = await drive(operationId);
      expect(documented, JSON.stringify(answer.json)).toContain(String(answer.status));
      expect(conformance.mismatches.slice(before)).toEqual([]);
      // An operation that ended the session (logout) leaves the next one a new one.
      const me = await ada.call('GET', '/identity-service/api/v1/UserProfile');
      if (me.status === 401) await signIn();
    },
  );

  it('drives at least 140 of the 151 operations; the others are listed with why', () => {
    expect(operations.size).toBe(151);
    expect(operations.size - Object.keys(exempt).length).toBeGreaterThanOrEqual(140);
  });
});
