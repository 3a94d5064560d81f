import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { ServiceDirectory } from './serviceDirectory.ts';
import { Transport } from './transport.ts';

function directoryFor(handler: Parameters<typeof fakeEnvironment>[0]) {
  const env = fakeEnvironment(handler);
  const transport = new Transport({
    environment: env,
    identityHomePath: () => '/',
    retry: { limit: 0 },
  });
  return { env, directory: new ServiceDirectory({ transport: () => transport }) };
}

describe('given the shell config', () => {
  it('[PC-8.2] raises "Service config key is not present in the config" for a service it does not name', async () => {
    const { directory } = directoryFor(() => json(200, { ...fakeConfig, serviceUrls: {} }));
    const error = await directory.baseUrl('identity').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe('Service config key is not present in the config');
  });

  it('fetches the config once for concurrent callers', async () => {
    const { env, directory } = directoryFor(() => json(200, fakeConfig));
    const urls = await Promise.all([
      directory.baseUrl('identity'),
      directory.baseUrl('shell'),
      directory.baseUrl('session'),
    ]);
    expect(urls).toEqual([
      '/identity-service/api/v1',
      '/shell-service/api/v1',
      '/session-service/api/v1',
    ]);
    expect(env.requests).toHaveLength(1);
  });

  it('does not keep a failed config fetch: the next call tries again', async () => {
    let fail = true;
    const { env, directory } = directoryFor(() => (fail ? json(503, {}) : json(200, fakeConfig)));
    await expect(directory.baseUrl('identity')).rejects.toMatchObject({ status: 503 });
    fail = false;
    await expect(directory.baseUrl('identity')).resolves.toBe('/identity-service/api/v1');
    expect(env.requests).toHaveLength(2);
  });

  it('[PC-8.2] refuses an empty address as missing, naming the key in the cause', async () => {
    const { directory } = directoryFor(() =>
      json(200, {
        ...fakeConfig,
        serviceUrls: { ...fakeConfig.serviceUrls, 'identity-service': '' },
      }),
    );
    const error = await directory.baseUrl('identity').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).cause).toBe("missing key 'identity-service'");
  });

  it('drops every trailing slash of a service address', async () => {
    const { directory } = directoryFor(() =>
      json(200, { ...fakeConfig, serviceUrls: { 'identity-service': '/identity/api//' } }),
    );
    await expect(directory.baseUrl('identity')).resolves.toBe('/identity/api');
  });

  it('refuses a config without a serviceUrls object, and fetches it again on the next call', async () => {
    const empty = () => new Response('', { headers: { 'Content-Type': 'application/json' } });
    for (const body of [
      undefined,
      null,
      'text',
      { identityHomePath: '/home' },
      { serviceUrls: 'x' },
    ]) {
      const { env, directory } = directoryFor(() =>
        body === undefined ? empty() : json(200, body),
      );
      const error = await directory.baseUrl('identity').catch((e: unknown) => e);
      expect(error, JSON.stringify(body)).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        'The shell config at /shell-service/api/v1/config has no serviceUrls object.',
      );
      await directory.baseUrl('identity').catch(() => undefined);
      expect(env.requests).toHaveLength(2);
    }
  });

  it('sends unauthenticated answers to the default identity home until the config names another', async () => {
    const { directory } = directoryFor(() =>
      json(200, { ...fakeConfig, identityHomePath: '/sso/home' }),
    );
    expect(directory.identityHomePath()).toBe('/identity-service/home');
    await directory.config();
    expect(directory.identityHomePath()).toBe('/sso/home');
  });
});
