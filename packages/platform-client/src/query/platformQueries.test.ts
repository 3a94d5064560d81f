import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import {
  fakeConfig,
  fakeEnvironment,
  json,
  type FakeFetch,
} from '../test-support/fakeEnvironment.ts';
import { platformQueries } from './platformQueries.ts';

const project = { id: 'prj-1', name: 'P', description: '', createdAt: '', modifiedAt: '' };

/** A client whose server knows the repository backend and answers with `handler`. */
function clientWith(handler: FakeFetch) {
  const env = fakeEnvironment((url, init) =>
    url.pathname.endsWith('/config')
      ? json(200, {
          ...fakeConfig,
          serviceUrls: { ...fakeConfig.serviceUrls, 'frs-service': '/frs-service/api/v1' },
        })
      : handler(url, init),
  );
  return { env, client: createPlatformClient({ environment: env }) };
}

describe('given a query of the client', () => {
  it('cancelling the query aborts its HTTP call through the query’s signal', async () => {
    const { env, client } = clientWith(() => new Promise<Response>(() => {}));
    const queries = platformQueries(client);
    const queryClient = new QueryClient();
    const options = queries.service('repository').query('getProjects');
    const pending = queryClient.fetchQuery(options);
    await expect
      .poll(() => env.requests.some((r) => r.url.pathname.endsWith('/Projects')))
      .toBe(true);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toThrow();
    const call = env.requests.find((r) => r.url.pathname.endsWith('/Projects'));
    expect(call?.init.signal?.aborted).toBe(true);
  });

  it('leaves trailing undefined arguments out of the key, so an omitted and an explicit undefined are one query', () => {
    const { client } = clientWith(() => json(200, {}));
    const repository = platformQueries(client).service('repository');
    expect(repository.query('getProjects').queryKey).toEqual(['ics', 'repository', 'getProjects']);
    expect(repository.query('getProjects', undefined).queryKey).toEqual([
      'ics',
      'repository',
      'getProjects',
    ]);
    expect(repository.query('getProjects', { $top: 5 }).queryKey).toEqual([
      'ics',
      'repository',
      'getProjects',
      { $top: 5 },
    ]);
    const bundles = platformQueries(client).service('bundles');
    expect(bundles.query('getBundle', 'b-1', undefined).queryKey).toEqual([
      'ics',
      'bundles',
      'getBundle',
      'b-1',
    ]);
  });

  it('sends the arguments given, and none for those left out', async () => {
    const { env, client } = clientWith(() => json(200, { value: [project] }));
    const repository = platformQueries(client).service('repository');
    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(repository.query('getProjects'))).toEqual([project]);
    await queryClient.fetchQuery(repository.query('getProjects', { $top: 5 }));
    const sent = env.requests.filter((r) => r.url.pathname.endsWith('/Projects'));
    expect(sent.map((r) => r.url.search)).toEqual(['', '?%24top=5']);
  });
});

describe('given a mutation of the client', () => {
  it('passes the variables as the method’s one argument', async () => {
    const { env, client } = clientWith(() => json(201, project));
    const create = new MutationObserver(
      new QueryClient(),
      platformQueries(client).service('repository').mutation('createProject'),
    );
    expect(await create.mutate({ name: 'P' })).toEqual(project);
    const sent = env.requests.find((r) => r.url.pathname.endsWith('/Projects'));
    expect(sent?.init.method).toBe('POST');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ name: 'P' });
  });

  it('maps the application’s variables to the method’s arguments with toArgs', async () => {
    const { env, client } = clientWith(() => json(200, project));
    const update = new MutationObserver(
      new QueryClient(),
      platformQueries(client)
        .service('repository')
        .mutation('updateProject', (v: { id: string; name: string }) => [v.id, { name: v.name }]),
    );
    await update.mutate({ id: 'prj-1', name: 'Renamed' });
    const sent = env.requests.find((r) => r.url.pathname.includes('/Projects('));
    expect(sent?.init.method).toBe('PATCH');
    expect(sent?.url.pathname).toBe('/frs-service/api/v1/Projects(prj-1)');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ name: 'Renamed' });
  });

  it('selectOrg takes the organisation id as its variables', async () => {
    const { env, client } = clientWith(() => new Response(null, { status: 204 }));
    await new MutationObserver(new QueryClient(), platformQueries(client).selectOrg()).mutate(
      'org-2',
    );
    const sent = env.requests.find((r) => r.url.pathname.endsWith('/selectOrg'));
    expect(JSON.parse(String(sent?.init.body))).toEqual({ orgId: 'org-2' });
  });
});

describe('given platformQueries called more than once', () => {
  it('returns the same object, and the same service queries, for the same client; new ones for another', () => {
    const { client } = clientWith(() => json(200, {}));
    const queries = platformQueries(client);
    expect(platformQueries(client)).toBe(queries);
    expect(queries.service('repository')).toBe(queries.service('repository'));
    expect(queries.service('bundles')).not.toBe(queries.service('repository'));
    const other = platformQueries(clientWith(() => json(200, {})).client);
    expect(other).not.toBe(queries);
    expect(other.service('repository')).not.toBe(queries.service('repository'));
  });
});
