import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schemasOf } from '@ics/platform-contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { operationAt, operationNamed } from '../http/operationTable.ts';
import { pathOf } from '../http/requestPath.ts';
import { seededSnapshot } from '../snapshot.ts';
import { signInOverHttp } from '../test-support/httpPersona.ts';

/** The first required field of getCurrentUserInfo's answer, the one the drifting server drops. */
const userInfo = operationNamed('identity.getCurrentUserInfo');
if (!userInfo) throw new Error('identity.getCurrentUserInfo is not in the contract.');
const dropped = String(
  (schemasOf(userInfo.endpoint).response as { required?: string[] } | undefined)?.required?.[0],
);

type Planted = { status: number; body: unknown } | 'never';
type Plant = (answer: { status: number; body: Record<string, unknown> }) => Planted;

/** What the drifting server changes in the real answers, per operation. */
const plants: Record<string, Plant> = {
  // An extra field in a closed object.
  'session.getUser': ({ status, body }) => ({ status, body: { ...body, plantedExtra: 'x' } }),
  // A required field missing.
  'identity.getCurrentUserInfo': ({ status, body }) => {
    const { [dropped]: _gone, ...rest } = body;
    return { status, body: rest };
  },
  // A status the contract does not declare (it declares 201 for a create).
  'preferences.createUserPreference': ({ body }) => ({ status: 202, body }),
  // An error in a shape of its own.
  'preferences.getUserPreferences': () => ({ status: 404, body: { message: 'gone' } }),
  // A slow answer: nothing comes back.
  'shell.getProductsWithLicenses': () => 'never',
};

let real: Emulator;
let drifting: Server;
let proxy: Emulator;
let proxyUrl: string;
let driftingUrl: string;

/** A drifting platform: the real emulator's answers, changed as `plants` says. */
function driftingServer(): Server {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const answer = await real.app.inject({
        method: request.method as 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        payload: Buffer.concat(chunks),
      });
      const operation = operationAt(request.method ?? 'GET', pathOf(request.url ?? '/'));
      const plant = operation && plants[operation.id];
      const {
        'content-length': _length,
        'transfer-encoding': _te,
        ...headers
      } = answer.headers as IncomingHttpHeaders;
      if (!plant) {
        response.writeHead(answer.statusCode, headers).end(answer.rawPayload);
        return;
      }
      const planted = plant({ status: answer.statusCode, body: answer.json() });
      // 'never': the request stays open until the server closes.
      if (planted !== 'never')
        response.writeHead(planted.status, headers).end(JSON.stringify(planted.body));
    });
  });
}

beforeAll(async () => {
  const snapshot = await seededSnapshot();
  real = await createEmulator({ database: 'memory', snapshot });
  drifting = driftingServer();
  await new Promise<void>((done) => drifting.listen(0, '127.0.0.1', done));
  driftingUrl = `http://127.0.0.1:${(drifting.address() as AddressInfo).port}`;
  proxy = await createEmulator({
    database: 'memory',
    snapshot,
    console: true,
    // Long enough for any real answer on a loaded machine; the planted slow one never comes.
    upstream: { url: driftingUrl, timeoutMs: 4000 },
  });
  proxyUrl = await proxy.listen();
});
afterAll(async () => {
  drifting.closeAllConnections();
  await new Promise((done) => drifting.close(done));
  await proxy.close();
  await real.close();
});

const drift = async () =>
  (await fetch(`${proxyUrl}/__emulator/api/drift`)).json() as Promise<{
    summary: { operationsSeen: number; conforming: number; inDrift: number };
    operations: {
      operation: string;
      drift: {
        status: number;
        location: string;
        expected: string;
        actual: string;
        requestId: string;
      }[];
    }[];
  }>;

describe('given an emulator proxying a drifting platform', () => {
  it('finds each planted drift once, by operation, place and request id, and a conforming answer none', async () => {
    const ada = await signInOverHttp(proxyUrl, 'usr-ada-0000001');
    const user = 'usr-ada-0000001';
    for (let i = 0; i < 2; i++) {
      await ada.call('GET', '/session-service/api/v1/session/User', undefined, {
        'x-request-id': `user-${i}`,
      });
      await ada.call('GET', '/identity-service/api/v1/CurrentUserInfo');
      await ada.call('GET', `/identity-service/api/v1/Users(${user})/Preferences`);
    }
    const created = await ada.call('POST', `/identity-service/api/v1/Users(${user})/Preferences`, {
      fullyQualifiedName: 'planted.drift',
      value: 'x',
    });
    expect(created.status).toBe(202);
    expect((await ada.call('GET', '/shell-service/api/v1/config')).status).toBe(200);

    const report = await drift();
    const entries = report.operations.flatMap((o) =>
      o.drift.map((d) => `${o.operation} ${d.status} ${d.location}: ${d.expected}`),
    );
    expect(entries).toEqual([
      `identity.getCurrentUserInfo 200 body.${dropped}: a required property`,
      'preferences.createUserPreference 202 status: one of 201, 400, 401, 403, 404, 409',
      'preferences.getUserPreferences 404 body: the platform’s error shape, {"error":{"code":…,"message":…}}',
      'session.getUser 200 body.plantedExtra: no such property (the contract’s object is closed)',
    ]);
    const extra = report.operations.find((o) => o.operation === 'session.getUser')?.drift[0];
    expect(extra).toMatchObject({ actual: '"x"', requestId: 'user-1' });
    expect(report.operations.find((o) => o.operation === 'shell.getConfig')?.drift).toEqual([]);
    expect(report.summary.inDrift).toBe(4);
    expect(report.summary.conforming).toBe(report.summary.operationsSeen - 4);
  });

  it('answers 504 in the platform’s error shape, naming the upstream, when it stays silent', async () => {
    const ada = await signInOverHttp(proxyUrl, 'usr-ada-0000001');
    const answer = await ada.call('GET', '/shell-service/api/v1/ProductsWithLicenses');
    expect(answer.status).toBe(504);
    expect(answer.json.error.code).toBe('UPSTREAM_TIMEOUT');
    expect(answer.json.error.message).toContain(driftingUrl);
  });
});
