import type { MutationFunctionContext } from '@tanstack/react-query';
import type { PlatformClient } from '../createPlatformClient.ts';
import type { CallOptions } from '../http/bind.ts';

type AnyMethod = (...args: never[]) => Promise<unknown>;

/** The method names of a service. */
export type MethodOf<S> = {
  [M in keyof S]: S[M] extends AnyMethod ? M : never;
}[keyof S] &
  string;

/**
 * A method's arguments without its trailing `CallOptions` (the query supplies the signal):
 * every position is given, `undefined` where the method's argument is optional.
 */
export type ArgsOf<F> = F extends (...args: infer A) => Promise<unknown>
  ? Required<A> extends [...infer Head, CallOptions]
    ? { [I in keyof Head]: I extends keyof A ? A[I] : never }
    : A
  : never;

/** What a method's promise resolves to. */
export type ResultOf<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

/** The query key of every platform call: `['ics', <scope…>, <method>, <arguments…>]`. */
export type PlatformQueryKey = readonly unknown[];

/** Options for `useQuery` / `queryClient.fetchQuery` (a subset TanStack Query accepts). */
export interface PlatformQueryOptions<R> {
  readonly queryKey: PlatformQueryKey;
  readonly queryFn: (context: { signal: AbortSignal }) => Promise<R>;
}

/** Options for `useMutation`: the variables are the method's arguments as an array. */
export interface PlatformMutationOptions<V, R> {
  readonly mutationKey: PlatformQueryKey;
  readonly mutationFn: (variables: V) => Promise<R>;
  /** Invalidates the reads the write affects (its scope), so they are read again. */
  readonly onSuccess: (
    data: R,
    variables: V,
    onMutateResult: unknown,
    context: MutationFunctionContext,
  ) => Promise<void>;
}

/** Query and mutation options over one service object, keyed under `scope`. */
export interface ServiceQueries<S> {
  /** The key prefix of every read of this scope (to invalidate or prefetch by hand). */
  readonly key: PlatformQueryKey;
  /** A read: keyed by scope, method and arguments; cancelled through the query's signal. */
  query<M extends MethodOf<S>>(
    method: M,
    ...args: ArgsOf<S[M]>
  ): PlatformQueryOptions<ResultOf<S[M]>>;
  /** A write: on success it invalidates every read of the same scope. */
  mutation<M extends MethodOf<S>>(method: M): PlatformMutationOptions<ArgsOf<S[M]>, ResultOf<S[M]>>;
}

/** The root of every key, so `invalidateQueries({ queryKey: PLATFORM_QUERY_KEY })` resets all. */
export const PLATFORM_QUERY_KEY: PlatformQueryKey = Object.freeze(['ics']);

function serviceQueries<S extends object>(service: S, key: PlatformQueryKey): ServiceQueries<S> {
  const methods = service as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const call = (method: string, args: readonly unknown[], options?: CallOptions) =>
    methods[method]?.(...args, options) ?? Promise.reject(new TypeError(`No method ${method}.`));
  return {
    key,
    query: (method, ...args) => ({
      queryKey: [...key, method, ...args],
      queryFn: ({ signal }) => call(method, args, { signal }) as never,
    }),
    mutation: (method) => ({
      mutationKey: [...key, method],
      mutationFn: (variables) => call(method, variables as readonly unknown[]) as never,
      onSuccess: (_data, _variables, _result, context) =>
        context.client.invalidateQueries({ queryKey: key }),
    }),
  };
}

/** The services of the client that `platformQueries` covers by name. */
export type ServiceName = Exclude<
  {
    [K in keyof PlatformClient]: PlatformClient[K] extends (...args: never[]) => unknown
      ? never
      : K;
  }[keyof PlatformClient],
  'preferences'
>;

/** What `platformQueries` returns. */
export interface PlatformQueries {
  /** The queries and mutations of one service; a write invalidates that service's reads. */
  service<N extends ServiceName>(name: N): ServiceQueries<PlatformClient[N]>;
  /** A user's or an organisation's preferences; a write invalidates that owner's reads. */
  readonly preferences: {
    forUser(userId: string): ServiceQueries<ReturnType<PlatformClient['preferences']['forUser']>>;
    forOrg(orgId: string): ServiceQueries<ReturnType<PlatformClient['preferences']['forOrg']>>;
  };
  /** Makes an organisation current; every platform read is then invalidated. */
  selectOrg(): PlatformMutationOptions<[orgId: string], void>;
}

/**
 * TanStack Query options for the client's calls, typed from the contract through the
 * client's services: `useQuery(queries.service('repository').query('getProjects', undefined))`,
 * `useMutation(queries.service('repository').mutation('createProject'))`. Keys are
 * `['ics', service, method, ...arguments]`; the query's signal cancels the call; a successful
 * write invalidates the reads of its service (or preference owner).
 */
export function platformQueries(client: PlatformClient): PlatformQueries {
  return {
    service: (name) => serviceQueries(client[name], [...PLATFORM_QUERY_KEY, name]),
    preferences: {
      forUser: (userId) =>
        serviceQueries(client.preferences.forUser(userId), [
          ...PLATFORM_QUERY_KEY,
          'preferences',
          'user',
          userId,
        ]),
      forOrg: (orgId) =>
        serviceQueries(client.preferences.forOrg(orgId), [
          ...PLATFORM_QUERY_KEY,
          'preferences',
          'org',
          orgId,
        ]),
    },
    selectOrg: () =>
      serviceQueries({ selectOrg: client.selectOrg }, PLATFORM_QUERY_KEY).mutation('selectOrg'),
  };
}
