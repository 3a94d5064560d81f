import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from '../testing/fakeEnvironment.ts';
import { platformQueries } from './platformQueries.ts';

describe('given a query of the client', () => {
  it('cancelling the query aborts its HTTP call through the query’s signal', async () => {
    const env = fakeEnvironment((url) =>
      url.pathname.endsWith('/config')
        ? json(200, {
            ...fakeConfig,
            serviceUrls: { ...fakeConfig.serviceUrls, 'frs-service': '/frs-service/api/v1' },
          })
        : new Promise<Response>(() => {}),
    );
    const queries = platformQueries(createPlatformClient({ environment: env }));
    const queryClient = new QueryClient();
    const options = queries.service('repository').query('getProjects', undefined);
    const pending = queryClient.fetchQuery(options);
    await expect
      .poll(() => env.requests.some((r) => r.url.pathname.endsWith('/Projects')))
      .toBe(true);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toThrow();
    const call = env.requests.find((r) => r.url.pathname.endsWith('/Projects'));
    expect(call?.init.signal?.aborted).toBe(true);
  });
});
