import { listEndpoints } from '@ics/platform-contract';
import { describe, expect, it } from 'vitest';
import { platformServices } from './createPlatformClient.ts';
import { buildCore } from './createPlatformCore.ts';
import { fakeEnvironment, json } from './test-support/fakeEnvironment.ts';

// The emulator's side of the contract is proven in platform-emulator/src/contract.test.ts.
describe('given every endpoint declared in the contract', () => {
  const declared = listEndpoints();
  // What createPlatformClient builds: the core, then the service catalogue on its binder.
  const parts = buildCore({ environment: fakeEnvironment(() => json(200, {})) });
  platformServices(parts, {});

  it.each(declared.map((d) => [`${d.group}.${d.name}`, d] as const))(
    '%s has a client method',
    (_, { endpoint }) => {
      expect(parts.binder.bound.has(endpoint)).toBe(true);
    },
  );
});
