import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  acceptTokenResponse,
  ConfigurationError,
  createPlatformClient,
  InsecureResponseError,
  type PlatformEnvironment,
} from '@ics/platform-client';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
const TOKEN_LIFETIME_S = 3;

/**
 * Time for the emulator and for the client's timers alike: the wall clock (or, while `frozen`
 * is set, a fixed instant) plus an offset the test moves forward. A timer runs once it is due
 * on this clock (zero-delay ones at once); nothing waits for real time to pass.
 */
let offset = 0;
let frozen: number | undefined;
type Timer = { at: number; run: () => void };
const timers = new Set<Timer>();
const runDue = () => {
  for (const timer of [...timers].filter((t) => t.at <= time.now())) {
    timers.delete(timer);
    timer.run();
  }
};
const time = {
  now: () => (frozen ?? Date.now()) + offset,
  setTimeout: (run: () => void, ms: number) => {
    const timer = { at: time.now() + ms, run };
    timers.add(timer);
    if (ms <= 0) setImmediate(runDue);
    return timer;
  },
  clearTimeout: (timer: unknown) => void timers.delete(timer as Timer),
};
function advance(ms: number): void {
  offset += ms;
  runDue();
}

beforeAll(async () => {
  ({ emulator, url } = await startEmulator({
    clock: time,
    tokenLifetimeSeconds: TOKEN_LIFETIME_S,
    saasBaseURL: '/saas-service/api/v1',
    maintenanceWindowEnd: '2030-01-01T06:00:00Z',
  }));
});
afterAll(() => emulator.close());

/** Records the token calls the client makes, on top of the real HTTP environment. */
function recording(env: PlatformEnvironment) {
  const calls: URL[] = [];
  return {
    calls,
    env: {
      ...env,
      fetch: (input: string, init: RequestInit) => {
        const target = new URL(input, env.location.href);
        if (target.pathname.includes('/jwt/')) calls.push(target);
        return env.fetch(input, init);
      },
    } satisfies PlatformEnvironment,
  };
}

const xsrf = (env: PlatformEnvironment) => /XSRF-TOKEN=([^;]+)/.exec(env.readCookies())?.[1] ?? '';

describe('given the identity service’s JWT calls, over real HTTP', () => {
  it('[PC-5.3] [PC-9.8] issues a token carrying the request’s nonce and client id', async () => {
    const { env } = await signedInClient(url, 'ada');
    const answer = await env.fetch(
      `${url}/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=Nonce1234567890&access_code=${xsrf(env)}`,
      { method: 'GET' },
    );
    expect(answer.status).toBe(200);
    const body: unknown = await answer.json();
    const token = acceptTokenResponse(body, { nonce: 'Nonce1234567890', clientId: 'cdlg_app' });
    expect(token.claims).toMatchObject({ user_id: 'usr-ada-0000001', org_id: 'org-acme-000001' });
    expect(token.lifetimeMs).toBe(TOKEN_LIFETIME_S * 1000);
    expect(() => acceptTokenResponse(body, { nonce: 'another', clientId: 'cdlg_app' })).toThrow(
      InsecureResponseError,
    );
  });

  it('refuses jwt/Token with a wrong access code, and jwt/Renew with a forged token', async () => {
    const { env } = await signedInClient(url, 'ada');
    const base = `${url}/identity-service/api/v1/jwt`;
    const wrong = await env.fetch(`${base}/Token?client_id=cdlg_app&nonce=n&access_code=nope`, {
      method: 'GET',
    });
    expect(wrong.status).toBe(403);
    const forged = await env.fetch(`${base}/Renew?nonce=n`, {
      method: 'GET',
      headers: { jwt_token: 'a.b.c' },
    });
    expect(forged.status).toBe(401);
    const missing = await env.fetch(`${base}/Token?client_id=cdlg_app`, { method: 'GET' });
    expect(missing.status).toBe(400);
  });

  it('[PC-4.6] keeps a short-lived token renewed through the session manager, with Renew and the held token', async () => {
    const { env: signed } = await signedInClient(url, 'lee');
    // Only the test moves time here: however slow the machine, the renewed token's own renewal
    // never falls due.
    frozen = Date.now();
    onTestFinished(() => {
      frozen = undefined;
    });
    const { env, calls } = recording({ ...signed, ...time });
    const client = createPlatformClient({ environment: env });
    // On-demand renewal only in the last 0.5 s, so reading the token does not renew it.
    const session = client.startSession({
      token: { renewBeforeMs: 1500, onDemandRenewWithinMs: 500, floorMs: 500, peerWaitMs: 0 },
    });
    const renewals = () => calls.filter((c) => c.pathname.endsWith('/jwt/Renew'));
    const first = await session.getToken();
    expect(renewals()).toHaveLength(0);
    // 1.5 s before the 3 s token expires, the client renews it; the emulator's clock agrees.
    advance(TOKEN_LIFETIME_S * 1000 - 1500);
    let later = first;
    await vi.waitFor(async () => {
      later = await session.getToken();
      expect(later).not.toBe(first);
    }, 10_000);
    session.stop();
    expect(calls[0]?.pathname).toMatch(/\/jwt\/Token$/);
    expect(calls[0]?.searchParams.get('client_id')).toBe('cdlg_app');
    expect(renewals()).toHaveLength(1);
    expect(later).not.toBe(first);
    const claims = JSON.parse(Buffer.from(later.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims.user_id).toBe('usr-lee-0000001');
  });
});

describe('given the session calls, over real HTTP', () => {
  it('[PC-9.1] sends the keep-alive ping and selects a sub-organisation, which the session then reports', async () => {
    const { client } = await signedInClient(url, 'ada');
    await client.auth.keepAlive();
    await client.selectOrg('org-emea-000002');
    expect((await client.session.getUser()).currentOrgId).toBe('org-emea-000002');
    await expect(client.selectOrg('org-none-0000001')).rejects.toMatchObject({ status: 404 });
    const { client: nia } = await signedInClient(url, 'nia');
    // A sub-organisation's member may not select its parent.
    await expect(nia.selectOrg('org-acme-000001')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await nia.session.getUser()).currentOrgId).toBe('org-emea-000002');
  });

  it('[PC-2.2] logs out through saasLogout.do, then goes to the identity logout path', async () => {
    const { client, env } = await signedInClient(url, 'tia');
    await client.saasLogout();
    expect(env.navigations).toEqual([`${url}/identity-service/logout?returnTo=%2Fdemo%2F`]);
    const after = await env.fetch(`${url}/session-service/api/v1/session/User`, { method: 'GET' });
    expect(after.status).toBe(401);
  });
});

describe('given a platform without saasBaseURL', () => {
  it('[PC-8.1] raises the SaaS logout error and stays on the page', async () => {
    const { env } = await signedInClient(url, 'ada');
    const client = createPlatformClient({
      environment: {
        ...env,
        fetch: async (input, init) => {
          const answer = await env.fetch(input, init);
          if (!input.endsWith('/config')) return answer;
          const { saasBaseURL: _, ...config } = (await answer.json()) as Record<string, unknown>;
          return new Response(JSON.stringify(config), {
            headers: { 'Content-Type': 'application/json' },
          });
        },
      },
    });
    const error = await client.saasLogout().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(
      'Saas Logout Failed. The microservice must provide the saasBaseURL in their configuration.',
    );
    expect(env.navigations).toEqual([]);
  });
});

describe('given the served test extension bundle', () => {
  it('[PC-4.8] [PC-9.12] loads compatible extensions, the broken one from its fallback, with the version parameter', async () => {
    const { env } = await signedInClient(url, 'ada');
    const fetched: string[] = [];
    const client = createPlatformClient({
      environment: {
        ...env,
        // Node has no script elements: a script "loads" when its address answers 200.
        loadScript: async (address, signal) => {
          fetched.push(String(address));
          const answer = await env.fetch(String(address), { method: 'GET', signal });
          if (!answer.ok) throw new Error(`${String(address)} answered ${answer.status}`);
        },
      },
    });
    // The seeded test extensions are plain scripts (each records itself on the page), and Node
    // runs none: the page declares them (decision 1120).
    const results = await client
      .extensions({
        hostVersion: '1.2.0',
        plainScripts: ['hello-extension', 'fallback-extension'],
      })
      .load('demo-host');
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['hello-extension', 'loaded'],
      ['fallback-extension', 'loaded'],
      ['future-extension', 'incompatible'],
      ['newer-minor-extension', 'incompatible'],
      ['console-extension', 'skipped'],
    ]);
    const v = `v=${encodeURIComponent('2030-01-01T06:00:00Z')}`;
    expect(fetched).toEqual([
      `${url}/shell-service/extensions/hello-extension/1.1.0/main.js?${v}`,
      `${url}/shell-service/extensions/missing/main.js?${v}`,
      `${url}/shell-service/extensions/fallback-extension/1.0.3/main.js?${v}`,
    ]);
  });
});

describe('given the other session and management calls, over real HTTP', () => {
  it('[PC-7.18] POSTs logout, selectOrg and saasLogout.do, and adds and deletes users on the management service', async () => {
    const { client: ada, env: adaEnv } = await signedInClient(url, 'ada');
    const added = await ada.users.addUser({
      userName: 'pat.temp@acme.example',
      firstName: 'Pat',
      lastName: 'Temp',
      email: 'pat.temp@acme.example',
      timeZone: 'Asia/Tokyo',
      roleIds: ['rol-acme-member'],
    });
    expect((await ada.identity.getUser(added.id)).displayName).toBe('Pat Temp');
    expect(await ada.users.deleteUsers([added.id])).toEqual({ deletedIds: [added.id] });
    await expect(ada.identity.getUser(added.id)).rejects.toMatchObject({ status: 404 });

    await ada.selectOrg('org-emea-000002');
    expect((await ada.session.getUser()).currentOrgId).toBe('org-emea-000002');
    await ada.logout();
    expect(adaEnv.navigations).toEqual([`${url}/identity-service/logout?returnTo=%2Fdemo%2F`]);
    const afterLogout = await adaEnv.fetch(`${url}/session-service/api/v1/session/User`, {
      method: 'GET',
    });
    expect(afterLogout.status).toBe(401);

    const { client: lee, env: leeEnv } = await signedInClient(url, 'lee');
    await lee.saasLogout();
    const afterSaas = await leeEnv.fetch(`${url}/session-service/api/v1/session/User`, {
      method: 'GET',
    });
    expect(afterSaas.status).toBe(401);
  });
});
