import { listEndpoints } from '@ics/platform-contract';
import { createEmulator, type Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, endpointsBoundBy } from '../createPlatformClient.ts';
import { fakeEnvironment, json } from '../testing/fakeEnvironment.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory' });
});
afterAll(() => emulator.close());

describe('given every endpoint declared in the contract', () => {
  const declared = listEndpoints();
  const client = createPlatformClient({ environment: fakeEnvironment(() => json(200, {})) });

  it.each(declared.map((d) => [`${d.group}.${d.name}`, d] as const))(
    '%s has a client method',
    (_, { endpoint }) => {
      expect(endpointsBoundBy(client).has(endpoint)).toBe(true);
    },
  );

  it.each(declared.map((d) => [`${d.group}.${d.name}`, d] as const))(
    '%s has an emulator route',
    (_, { endpoint }) => {
      expect(emulator.router.has(endpoint)).toBe(true);
    },
  );
});
