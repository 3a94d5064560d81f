import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { ConfigurationError, HttpError } from '../errors.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';

/** A client whose settings service answers `status`; the requests it sent are kept. */
function clientAnswering(status: number, getAccessToken?: () => Promise<string>) {
  const environment = fakeEnvironment((url) => {
    if (url.pathname.endsWith('/config'))
      return json(200, {
        ...fakeConfig,
        serviceUrls: {
          ...fakeConfig.serviceUrls,
          'notification-settings-service': '/notification-settings-service/api/v1',
        },
      });
    if (status !== 200) return json(status, { error: { code: 'INVALID_TOKEN', message: 'no' } });
    return json(200, { email: true, inApp: true, digest: 'NONE' });
  });
  return {
    client: createPlatformClient({ environment, getAccessToken }),
    requests: environment.requests,
    environment,
  };
}

describe("given the notification-settings endpoints, whose credential (the contract's) is bearer", () => {
  it('sends the token from getAccessToken as Authorization: Bearer on each call', async () => {
    const { client, requests } = clientAnswering(200, async () => 'jwt-1');
    await client.notificationSettings.get();
    await client.notificationSettings.update({ email: false, inApp: true, digest: 'DAILY' });
    const calls = requests.filter((r) => r.url.pathname.endsWith('/settings'));
    expect(calls.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer jwt-1',
      'Bearer jwt-1',
    ]);
  });

  it('rejects a refused token as HttpError 401 and does not send the page to the login', async () => {
    const { client, environment } = clientAnswering(401, async () => 'stale');
    const failure = await client.notificationSettings.get().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(401);
    expect(environment.navigations).toEqual([]);
  });

  it('throws ConfigurationError naming the endpoint without getAccessToken, or with an empty or non-text token', async () => {
    const none = clientAnswering(200);
    await expect(none.client.notificationSettings.get()).rejects.toThrow(ConfigurationError);
    await expect(none.client.notificationSettings.get()).rejects.toThrow(
      'GET /settings takes a bearer token: pass `getAccessToken` to createPlatformClient.',
    );
    const empty = clientAnswering(200, async () => '');
    await expect(empty.client.notificationSettings.get()).rejects.toThrow(
      'getAccessToken resolved without a token.',
    );
    // A provider written in JavaScript may resolve anything: only a non-empty string is a token.
    const number = clientAnswering(200, async () => 42 as unknown as string);
    await expect(number.client.notificationSettings.get()).rejects.toThrow(
      'getAccessToken resolved without a token.',
    );
    expect(none.requests.some((r) => r.url.pathname.endsWith('/settings'))).toBe(false);
  });

  it('sends no Authorization header on the session endpoints', async () => {
    const { client, requests } = clientAnswering(200, async () => 'jwt-1');
    await client.shell.getConfig();
    await client.identity.getUserProfile().catch(() => undefined);
    expect(requests.every((r) => r.headers.get('authorization') === null)).toBe(true);
  });
});
