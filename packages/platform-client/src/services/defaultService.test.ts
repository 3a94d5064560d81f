import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { changeDefaultService, decideDefaultServiceAction } from './defaultService.ts';

const key = 'ProductSwitcher.defaultService';

function clientAnswering(status: number) {
  const env = fakeEnvironment((url, init) => {
    if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
    if (status >= 400) return json(status, { error: { code: 'X', message: 'refused' } });
    if (init.method === 'DELETE') return new Response(null, { status: 204 });
    return json(200, { fullyQualifiedName: key, value: 'cdq' });
  });
  return { env, client: createPlatformClient({ environment: env }) };
}
const calls = (env: ReturnType<typeof fakeEnvironment>) =>
  env.requests
    .filter((r) => !r.url.pathname.endsWith('/config'))
    .map((r) => `${r.init.method} ${decodeURIComponent(r.url.pathname)}`);

describe('given the user’s current default service and the product chosen', () => {
  it('[PC-4.2] deletes the preference when the chosen product is the current default', async () => {
    expect(decideDefaultServiceAction('cdi', 'cdi')).toBe('delete');
    const { env, client } = clientAnswering(204);
    const result = await changeDefaultService(client, {
      userId: 'usr-1',
      current: 'cdi',
      chosen: 'cdi',
    });
    expect(result).toEqual({ ok: true, outcome: 'unset', action: 'delete' });
    expect(calls(env)).toEqual([
      `DELETE /identity-service/api/v1/Users(usr-1)/Preferences(${key})`,
    ]);
  });

  it('[PC-4.2] updates the preference when another default exists', async () => {
    expect(decideDefaultServiceAction('cdi', 'cdq')).toBe('update');
    const { env, client } = clientAnswering(200);
    const result = await changeDefaultService(client, {
      userId: 'usr-1',
      current: 'cdi',
      chosen: 'cdq',
    });
    expect(result).toEqual({ ok: true, outcome: 'set', action: 'update' });
    expect(calls(env)[0]).toMatch(/^PUT .*Preferences/);
    expect(JSON.parse(String(env.requests.at(-1)?.init.body))).toEqual({ value: 'cdq' });
  });

  it('[PC-4.2] creates the preference when there is no default', async () => {
    expect(decideDefaultServiceAction(undefined, 'cdq')).toBe('create');
    const { env, client } = clientAnswering(200);
    const result = await changeDefaultService(client, {
      userId: 'usr-1',
      current: undefined,
      chosen: 'cdq',
    });
    expect(result).toEqual({ ok: true, outcome: 'set', action: 'create' });
    expect(calls(env)[0]).toMatch(/^POST .*Users\(usr-1\)\/Preferences$/);
    expect(JSON.parse(String(env.requests.at(-1)?.init.body))).toEqual({
      fullyQualifiedName: key,
      value: 'cdq',
    });
  });

  it('[PC-4.2] reports a failure with its outcome instead of throwing', async () => {
    const { client } = clientAnswering(500);
    const set = await changeDefaultService(client, { userId: 'u', current: 'a', chosen: 'b' });
    expect(set).toMatchObject({ ok: false, outcome: 'set', action: 'update' });
    const unset = await changeDefaultService(client, { userId: 'u', current: 'a', chosen: 'a' });
    expect(unset).toMatchObject({ ok: false, outcome: 'unset', action: 'delete' });
    expect(unset.ok ? undefined : unset.error).toBeInstanceOf(Error);
  });
});
