import { listEndpoints } from '@ics/platform-contract';
import { describe, expect, it } from 'vitest';
import { createPlatformClient, endpointsBoundBy } from './createPlatformClient.ts';
import { fakeEnvironment, json } from './test-support/fakeEnvironment.ts';

// The emulator's side of the contract is proven in platform-emulator/src/contract.test.ts.
describe('given every endpoint declared in the contract', () => {
  const declared = listEndpoints();
  const client = createPlatformClient({ environment: fakeEnvironment(() => json(200, {})) });

  it.each(declared.map((d) => [`${d.group}.${d.name}`, d] as const))(
    '%s has a client method',
    (_, { endpoint }) => {
      expect(endpointsBoundBy(client).has(endpoint)).toBe(true);
    },
  );
});
