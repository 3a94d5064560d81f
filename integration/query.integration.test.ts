import type { Emulator } from '@ics/platform-emulator';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { platformQueries } from '@ics/platform-client/query';
import { signIn } from '@ics/platform-emulator/testing';
import { startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  ({ emulator, url } = await startEmulator());
});
afterAll(() => emulator.close());

let queryClient: QueryClient;
afterEach(() => queryClient.clear());

/** The next result of an observer whose data satisfies `ready`. */
function dataOf<T>(observer: QueryObserver<T>, ready: (data: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const result = observer.getCurrentResult();
      if (result.status === 'error') reject(result.error);
      else if (result.data !== undefined && !result.isFetching && ready(result.data)) {
        stop();
        resolve(result.data);
      }
    };
    const stop = observer.subscribe(check);
    check();
  });
}

describe('given TanStack Query options of a signed-in client, over real HTTP', () => {
  it('writing a user preference invalidates and re-reads that user’s preference reads', async () => {
    queryClient = new QueryClient();
    const queries = platformQueries(await signIn('ada', { url }));
    const prefs = queries.preferences.forUser('usr-ada-0000001');
    const list = new QueryObserver(queryClient, prefs.query('list'));
    const before = await dataOf(list, () => true);
    expect(before.some((p) => p.fullyQualifiedName === 'demo.query.colour')).toBe(false);

    const create = new MutationObserver(queryClient, prefs.mutation('create'));
    await create.mutate({ fullyQualifiedName: 'demo.query.colour', value: 'teal' });
    const after = await dataOf(list, (data) => data !== before);
    expect(after.find((p) => p.fullyQualifiedName === 'demo.query.colour')?.value).toBe('teal');
  });

  it('keys reads by service, method and arguments, and a repository write invalidates only repository reads', async () => {
    queryClient = new QueryClient();
    const queries = platformQueries(await signIn('ada', { url }));
    const repository = queries.service('repository');
    const projects = repository.query('getProjects');
    expect(projects.queryKey).toEqual(['ics', 'repository', 'getProjects']);
    const categories = queries.service('notifications').query('getCategories', 'en');
    expect(categories.queryKey).toEqual(['ics', 'notifications', 'getCategories', 'en']);

    await queryClient.fetchQuery(projects);
    await queryClient.fetchQuery(categories);
    const create = new MutationObserver(queryClient, repository.mutation('createProject'));
    const made = await create.mutate({ name: 'Query Panel Project' });
    expect(queryClient.getQueryState(projects.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(categories.queryKey)?.isInvalidated).toBe(false);
    const fresh = await queryClient.fetchQuery(projects);
    expect(fresh.map((p) => p.id)).toContain(made.id);
  });

  it('a write of several arguments takes the application’s object through toArgs, and the same client gives the same queries', async () => {
    queryClient = new QueryClient();
    const client = await signIn('ada', { url });
    const repository = platformQueries(client).service('repository');
    expect(platformQueries(client).service('repository')).toBe(repository);
    const made = await new MutationObserver(
      queryClient,
      repository.mutation('createProject'),
    ).mutate({
      name: 'Query Rename Project',
    });
    const rename = repository.mutation('updateProject', (v: { id: string; name: string }) => [
      v.id,
      { name: v.name },
    ]);
    const renamed = await new MutationObserver(queryClient, rename).mutate({
      id: made.id,
      name: 'Query Renamed Project',
    });
    expect(renamed.name).toBe('Query Renamed Project');
    const projects = await queryClient.fetchQuery(repository.query('getProjects'));
    expect(projects.find((p) => p.id === made.id)?.name).toBe('Query Renamed Project');
  });

  it('selectOrg invalidates every platform read', async () => {
    queryClient = new QueryClient();
    const queries = platformQueries(await signIn('ada', { url }));
    const projects = queries.service('repository').query('getProjects');
    await queryClient.fetchQuery(projects);
    await new MutationObserver(queryClient, queries.selectOrg()).mutate('org-acme-000001');
    expect(queryClient.getQueryState(projects.queryKey)?.isInvalidated).toBe(true);
  });
});
