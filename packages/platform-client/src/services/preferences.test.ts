import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';

/** A client whose server answers a filtered preference read with `entries`; errors are kept. */
function clientAnswering(entries: { fullyQualifiedName: string; value: string }[]) {
  const errors: unknown[][] = [];
  const base = fakeEnvironment((url) => {
    if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
    return json(200, { value: entries });
  });
  const environment = {
    ...base,
    console: { ...base.console, error: (...args: unknown[]) => void errors.push(args) },
  };
  return { client: createPlatformClient({ environment }), errors, requests: base.requests };
}

describe('given a preference key read through get()', () => {
  it('[PC-5.6] logs an error through the environment console and uses the first entry when a key has two', async () => {
    const { client, errors } = clientAnswering([
      { fullyQualifiedName: 'ProductSwitcher.defaultService', value: 'cdi' },
      { fullyQualifiedName: 'ProductSwitcher.defaultService', value: 'cdq' },
    ]);
    expect(await client.preferences.forUser('usr-1').get('ProductSwitcher.defaultService')).toBe(
      'cdi',
    );
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.[0])).toContain(
      "Expected at most one preference 'ProductSwitcher.defaultService' for user usr-1, found 2",
    );
  });

  it('[PC-5.6] logs nothing for one entry or none, and answers undefined for none', async () => {
    const one = clientAnswering([{ fullyQualifiedName: 'Org.theme', value: 'blue' }]);
    expect(await one.client.preferences.forOrg('org-1').get('Org.theme')).toBe('blue');
    expect(one.errors).toEqual([]);
    const none = clientAnswering([]);
    expect(await none.client.preferences.forOrg('org-1').get('Org.theme')).toBeUndefined();
    expect(none.errors).toEqual([]);
  });

  it('asks the server for that key only', async () => {
    const { client, requests } = clientAnswering([]);
    await client.preferences.forUser('usr-1').get('A.b');
    const read = requests.find((r) => r.url.pathname.includes('Preferences'));
    expect(read?.url.pathname).toBe('/identity-service/api/v1/Users(usr-1)/Preferences');
    expect(read?.url.searchParams.get('fullyQualifiedName')).toBe('A.b');
  });
});
