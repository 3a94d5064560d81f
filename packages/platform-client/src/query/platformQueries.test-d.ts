import type { Bundle, Paging, Project, UpdateEntityBody } from '@ics/platform-contract';
import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type { PlatformClient } from '../index.ts';
import { platformQueries, type ArgsOf, type VariablesOf } from './index.ts';

// Type tests of the query helpers (issue 27): optional arguments left out, mutation variables
// as the method's own argument or the application's object, one object per client.

declare const client: PlatformClient;
const queries = platformQueries(client);
const repository = queries.service('repository');

describe('the query helpers’ types', () => {
  it('a read leaves optional arguments out and still takes them; a required one must be given', () => {
    expectTypeOf(repository.query('getProjects').queryFn).returns.resolves.toEqualTypeOf<
      readonly Project[]
    >();
    repository.query('getProjects', { $top: 5 });
    repository.query('getProjects', undefined); // the old form still compiles
    queries.service('bundles').query('getBundle', 'bnd-1');
    queries.service('bundles').query('getBundle', 'bnd-1', true);
    // @ts-expect-error getBundle needs its id
    queries.service('bundles').query('getBundle');
    // @ts-expect-error not an argument of getProjects
    repository.query('getProjects', 'x');
    expectTypeOf<ArgsOf<PlatformClient['repository']['getProjects']>>().toEqualTypeOf<
      [paging?: Paging]
    >();
  });

  it('a one-argument write takes that argument as its variables, and fits useMutation', () => {
    const create = repository.mutation('createProject');
    expectTypeOf(create.mutationFn)
      .parameter(0)
      .toEqualTypeOf<{ name: string; description?: string }>();
    expectTypeOf(create).toExtend<
      UseMutationOptions<Project, Error, { name: string; description?: string }>
    >();
    expectTypeOf(repository.mutation('deleteEntities').mutationFn)
      .parameter(0)
      .toEqualTypeOf<readonly string[]>();
    expectTypeOf(queries.selectOrg().mutationFn).parameter(0).toEqualTypeOf<string>();
    // @ts-expect-error a tuple is no longer the variables
    void create.mutationFn([{ name: 'x' }]);
  });

  it('a write of several arguments needs toArgs, whose object becomes the variables', () => {
    const update = repository.mutation(
      'updateProject',
      ({ id, changes }: { id: string; changes: UpdateEntityBody }) => [id, changes],
    );
    expectTypeOf(update.mutationFn)
      .parameter(0)
      .toEqualTypeOf<{ id: string; changes: UpdateEntityBody }>();
    expectTypeOf(update.mutationFn).returns.resolves.toEqualTypeOf<Project>();
    // @ts-expect-error updateProject takes an id and changes: its variables need toArgs
    repository.mutation('updateProject');
    // @ts-expect-error toArgs must give the method's arguments
    repository.mutation('updateProject', (id: string) => [id]);
  });

  it('a method without arguments has no variables, and the read fits useQuery', () => {
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the variables TanStack takes as none
    expectTypeOf<VariablesOf<() => Promise<void>>>().toEqualTypeOf<void>();
    expectTypeOf(queries.service('bundles').query('getBundle', 'b')).toExtend<
      UseQueryOptions<Bundle, Error, Bundle, readonly unknown[]>
    >();
  });
});
