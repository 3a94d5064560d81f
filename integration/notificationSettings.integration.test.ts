import { signJwt, type Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createPlatformClient,
  type SessionManager,
} from '@ics/platform-client';
import type { NodeEnvironment } from '@ics/platform-client/node';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;

beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
/** A token signed with the emulator's own secret (its API, not a mock), bound to no session. */
const tokenFor = (userId: string, exp = inAnHour()) =>
  emulator.signJwt({
    user_id: userId,
    org_id: 'org-acme-000001',
    exp,
    client_id: 'cdlg_app',
    nonce: 'n',
  });
/** The token the emulator issues to the signed-in browser's session (jwt/Token). */
const issuedToken = async (env: NodeEnvironment): Promise<string> => {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(env.readCookies())?.[1] ?? '';
  const answer = await env.fetch(
    `${url}/identity-service/api/v1/jwt/Token?client_id=cdlg_app&nonce=n&access_code=${xsrf}`,
    { method: 'GET' },
  );
  return ((await answer.json()) as { jwt_token: string }).jwt_token;
};

describe('given the notification-settings service over real HTTP', () => {
  it('[PC-7.19] reads and writes settings with the bearer token from the injected provider', async () => {
    const { env } = await signedInClient(url, 'ada');
    const token = await issuedToken(env);
    let asked = 0;
    const client = createPlatformClient({
      environment: env,
      getAccessToken: async () => {
        asked += 1;
        return token;
      },
    });
    expect(await client.notificationSettings.get()).toEqual({
      email: true,
      inApp: true,
      digest: 'NONE',
    });
    const settings = { email: false, inApp: true, digest: 'WEEKLY' as const };
    expect(await client.notificationSettings.update(settings)).toEqual(settings);
    expect(await client.notificationSettings.get()).toEqual(settings);
    expect(asked).toBe(3);
  });

  it('[PC-7.19] accepts the JWT the session manager obtained from jwt/Token', async () => {
    const { env } = await signedInClient(url, 'tia');
    const started: { session?: SessionManager } = {};
    const client = createPlatformClient({
      environment: env,
      getAccessToken: () => (started.session as SessionManager).getToken(),
    });
    const session = client.startSession();
    started.session = session;
    try {
      const settings = { email: true, inApp: false, digest: 'DAILY' as const };
      expect(await client.notificationSettings.update(settings)).toEqual(settings);
      expect(await client.notificationSettings.get()).toEqual(settings);
    } finally {
      session.stop();
    }
  });

  it('[PC-7.19] is refused by the emulator without a token, with a bad signature or an expired token, even with a session', async () => {
    const { env } = await signedInClient(url, 'ada');
    const withToken = (token: string) =>
      createPlatformClient({
        environment: env,
        getAccessToken: async () => token,
      }).notificationSettings.get();
    const forged = signJwt(
      { user_id: 'usr-ada-0000001', org_id: 'org-acme-000001', exp: inAnHour() },
      'not-the-secret',
    );
    await expect(withToken(forged)).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    await expect(
      withToken(tokenFor('usr-ada-0000001', Math.floor(Date.now() / 1000) - 1)),
    ).rejects.toThrow(/expired/);
    await expect(withToken('not.a.jwt')).rejects.toMatchObject({ status: 401 });
    await expect(withToken(tokenFor('usr-ada-0000001'))).rejects.toThrow(/names no session/);
    const bare = await env.fetch(`${url}/notification-settings-service/api/v1/settings`, {
      method: 'GET',
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
  });

  it('[PC-7.19] fails in the client with a ConfigurationError when no token provider is configured', async () => {
    const { client } = await signedInClient(url, 'ada');
    await expect(client.notificationSettings.get()).rejects.toBeInstanceOf(ConfigurationError);
  });
});
