import {
  backends,
  fillPath,
  listEndpoints,
  templateParams,
  type DeclaredEndpoint,
} from '@ics/platform-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { signInWithInject } from './test-support/signIn.ts';
import { seededSnapshot } from './snapshot.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
});
afterAll(() => emulator.close());

/** The declared path with every parameter filled by an id that names nothing. */
const urlOf = ({ endpoint }: DeclaredEndpoint) =>
  backends[endpoint.backend].basePath +
  fillPath(endpoint.path, Object.fromEntries(templateParams(endpoint.path).map((n) => [n, 'x'])));

/** What an anonymous caller gets where it is not 401. */
const anonymous: Record<string, number> = {
  'shell.getConfig': 200,
};

/** A fresh session (some endpoints end it) with the XSRF token and a bearer JWT. */
async function signedInHeaders() {
  const ada = await signInWithInject(emulator.app, 'usr-ada-0000001');
  const token = await emulator.app.inject({
    url: `${backends.identity.basePath}/jwt/Token`,
    query: { nonce: 'n1', client_id: 'cdlg_app', access_code: ada.xsrf.value },
    cookies: ada.cookies,
  });
  expect(token.statusCode).toBe(200);
  return {
    cookies: ada.cookies,
    headers: {
      'x-xsrf-token': ada.xsrf.value,
      authorization: `Bearer ${token.json().jwt_token}`,
    },
  };
}

describe('given every endpoint declared in the contract', () => {
  const declared = listEndpoints().map((d) => [`${d.group}.${d.name}`, d] as const);

  it.each(declared)('%s has an emulator route', (_, { endpoint }) => {
    expect(emulator.router.has(endpoint)).toBe(true);
  });

  it.each(declared)('%s refuses an anonymous caller with 401 unless public', async (name, d) => {
    const answer = await emulator.app.inject({ method: d.endpoint.method, url: urlOf(d) });
    expect(answer.statusCode).toBe(anonymous[name] ?? 401);
    if (answer.statusCode >= 400) expect(Object.keys(answer.json())).toEqual(['error']);
  });

  it.each(declared)(
    '%s answers a signed-in caller from its route: no 401, 405 or 5xx',
    async (_, d) => {
      const answer = await emulator.app.inject({
        method: d.endpoint.method,
        url: urlOf(d),
        ...(await signedInHeaders()),
      });
      expect(answer.statusCode).not.toBe(401);
      expect(answer.statusCode).not.toBe(405);
      expect(answer.statusCode).toBeLessThan(500);
      if (answer.statusCode === 404) expect(answer.body).not.toContain('No endpoint at');
    },
  );
});
