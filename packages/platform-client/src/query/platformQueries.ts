import type { MutationFunctionContext } from '@tanstack/react-query';
import type { PlatformClient } from '../createPlatformClient.ts';
import type { CallOptions } from '../http/bind.ts';

type AnyMethod = (...args: never[]) => Promise<unknown>;

/** The method names of a service. */
export type MethodOf<S> = {
  [M in keyof S]: S[M] extends AnyMethod ? M : never;
}[keyof S] &
  string;

/** A tuple without its last element, keeping which elements are optional. */
type DropLast<A extends unknown[]> = number extends A['length']
  ? A
  : A extends [infer H, ...infer T]
    ? T extends []
      ? []
      : [H, ...DropLast<T>]
    : A extends [(infer H)?, ...infer T]
      ? T extends []
        ? []
        : [H?, ...DropLast<T>]
      : [];

/**
 * A method's arguments without its trailing `CallOptions` (the query supplies the signal);
 * optional arguments stay optional, so they may be left out.
 */
export type ArgsOf<F> = F extends (...args: infer A) => Promise<unknown>
  ? Required<A> extends [...unknown[], CallOptions]
    ? DropLast<A>
    : A
  : never;

/** The methods that take at most one argument (besides `CallOptions`). */
export type SingleArgMethodOf<S> = {
  [M in MethodOf<S>]: ArgsOf<S[M]> extends [unknown?] ? M : never;
}[MethodOf<S>];

/**
 * The mutation variables of a method of at most one argument: that argument (`mutate({ name })`),
 * or nothing for a method without one (`mutate()`).
 */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- TanStack calls `mutate()` without variables only when they are `void`
export type VariablesOf<F> = ArgsOf<F> extends [] ? void : ArgsOf<F>[0];

/** What a method's promise resolves to. */
export type ResultOf<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

/** The query key of every platform call: `['ics', <scope…>, <method>, <arguments…>]`. */
export type PlatformQueryKey = readonly unknown[];

/** Options for `useQuery` / `queryClient.fetchQuery` (a subset TanStack Query accepts). */
export interface PlatformQueryOptions<R> {
  /**
   * The call's key, `['ics', <scope…>, <method>, <arguments…>]`: equal calls share one cache entry.
   */
  readonly queryKey: PlatformQueryKey;
  /** Makes the call; TanStack Query's `signal` aborts it when the query is cancelled. */
  readonly queryFn: (context: { signal: AbortSignal }) => Promise<R>;
}

/** Options for `useMutation`: the variables are the method's argument, or what `toArgs` maps. */
export interface PlatformMutationOptions<V, R> {
  /** The method's key, `['ics', <scope…>, <method>]`. */
  readonly mutationKey: PlatformQueryKey;
  /** Makes the call with the mutation's variables. */
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
  /**
   * A read: keyed by scope, method and arguments (trailing `undefined`s left out, so
   * `query('getProjects')` is one key however it is written); cancelled through the query's
   * signal. Optional arguments may be omitted.
   */
  query<M extends MethodOf<S>>(
    method: M,
    ...args: ArgsOf<S[M]>
  ): PlatformQueryOptions<ResultOf<S[M]>>;
  /**
   * A write of a method of at most one argument: the variables are that argument
   * (`mutate({ name })`). On success it invalidates every read of the same scope.
   */
  mutation<M extends SingleArgMethodOf<S>>(
    method: M,
  ): PlatformMutationOptions<VariablesOf<S[M]>, ResultOf<S[M]>>;
  /**
   * A write of any method, with variables of the application's own shape: `toArgs` turns them
   * into the method's arguments (`mutation('updateProject', ({ id, changes }) => [id, changes])`).
   */
  mutation<M extends MethodOf<S>, V>(
    method: M,
    toArgs: (variables: V) => ArgsOf<S[M]>,
  ): PlatformMutationOptions<V, ResultOf<S[M]>>;
}

/** The root of every key, so `invalidateQueries({ queryKey: PLATFORM_QUERY_KEY })` resets all. */
export const PLATFORM_QUERY_KEY: PlatformQueryKey = Object.freeze(['ics']);

function serviceQueries<S extends object>(
  service: S,
  key: PlatformQueryKey,
  arity: Readonly<Record<string, number>> = {},
): ServiceQueries<S> {
  const methods = service as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  // Arguments left out are passed as undefined, so the options land in their own position.
  const call = (method: string, args: readonly unknown[], options?: CallOptions) => {
    const padded = Array.from({ length: arity[method] ?? 1 }, (_, i) => args[i]);
    return (
      methods[method]?.(...padded, options) ?? Promise.reject(new TypeError(`No method ${method}.`))
    );
  };
  return {
    key,
    query: (method: string, ...args: unknown[]) => {
      while (args.length > 0 && args.at(-1) === undefined) args.pop();
      return {
        queryKey: [...key, method, ...args],
        queryFn: ({ signal }: { signal: AbortSignal }) => call(method, args, { signal }),
      };
    },
    mutation: (method: string, toArgs?: (variables: unknown) => readonly unknown[]) => ({
      mutationKey: [...key, method],
      mutationFn: (variables: unknown) => call(method, toArgs ? toArgs(variables) : [variables]),
      onSuccess: (_data: unknown, _v: unknown, _r: unknown, context: MutationFunctionContext) =>
        context.client.invalidateQueries({ queryKey: key }),
    }),
  } as ServiceQueries<S>;
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
  selectOrg(): PlatformMutationOptions<string, void>;
}

/** How many arguments a method takes before its `CallOptions`, for those that take not one. */
type Arity<S> = {
  readonly [M in MethodOf<S> as Required<ArgsOf<S[M]>>['length'] extends 1 ? never : M]: Required<
    ArgsOf<S[M]>
  >['length'];
};

/**
 * Where each method's `CallOptions` go when optional arguments are left out. The compiler
 * checks the table against the services' types, both ways: a method added, removed or
 * changed without its entry here does not compile.
 */
const ARITY: { readonly [N in ServiceName]: Arity<PlatformClient[N]> } & {
  readonly preferences: Arity<ReturnType<PlatformClient['preferences']['forUser']>>;
} = {
  identity: {
    getUserProfile: 0,
    getCurrentUserInfo: 0,
    getOrgUsers: 2,
    getOrgGroups: 2,
    getOrgRoles: 2,
    updateUser: 2,
    getTimeZones: 0,
    getConfigInfo: 0,
    initEmailVerificationForUser: 2,
    getPendingVerification: 0,
  },
  licence: {},
  branding: { getAppBranding: 0, getOrgBranding: 0, getOrgAndParentOrgBranding: 0 },
  authorisation: { getUpgradeUrl: 0, getBillingUrl: 0 },
  metering: { getUsageSummary: 2 },
  users: { updateUser: 2 },
  bundles: {
    getDefinitions: 0,
    updateDefinition: 2,
    getBundle: 2,
    getCreated: 0,
    getPublished: 0,
    generateAccessCode: 0,
    copy: 2,
  },
  repository: {
    updateProject: 2,
    createFolder: 2,
    updateFolder: 2,
    updateDocument: 2,
    getDocument: 2,
    getBaseEntity: 2,
    copyEntities: 2,
    moveEntities: 2,
    updateEntityAccess: 2,
    updateAcl: 2,
    getEffPrivilegeForDoctypeContainer: 2,
    getTags: 0,
    updateTag: 2,
    getMeteringTags: 0,
    getMeteringTagNames: 0,
    updateMeteringTagAssignment: 2,
    fetchDefaultLocation: 0,
    fetchProjectStatForRecentEntity: 0,
    getSystemDocuments: 0,
  },
  migration: {
    getExportJobs: 0,
    updateExportJob: 2,
    getImportJobs: 0,
    startImportJob: 2,
    getComparableObjectTypes: 0,
  },
  notifications: {
    getPreferences: 0,
    getReceivedMessages: 2,
    markAllAsRead: 0,
    respondToAction: 3,
    performAction: 3,
    download: 2,
  },
  schedules: { list: 0 },
  sourceControl: {
    getUserCredential: 0,
    getOAuthRedirect: 2,
    getRepoConnection: 0,
    getRemoteProjects: 0,
    checkin: 2,
    pullByCommitHash: 2,
    compare: 2,
    compareAsync: 2,
  },
  notificationSettings: { get: 0 },
  session: { getUser: 0, logout: 0 },
  shell: { getConfig: 0, getProductsWithLicenses: 0, getAnalytics: 0, getUserProductsInfo: 0 },
  auth: { keepAlive: 0 },
  preferences: { update: 2 },
};

const memo = new WeakMap<PlatformClient, PlatformQueries>();

/**
 * TanStack Query options for the client's calls, typed from the contract through the
 * client's services: `useQuery(queries.service('repository').query('getProjects'))`,
 * `useMutation(queries.service('repository').mutation('createProject'))` then
 * `mutate({ name })`. Keys are `['ics', service, method, ...arguments]`; the query's signal
 * cancels the call; a successful write invalidates the reads of its service (or preference
 * owner). The same object for the same client, so it may be called where it is needed.
 *
 * @example
 * ```tsx
 * // docs/client.md, "TanStack Query"
 * const queries = platformQueries(createPlatformClient());
 * const repository = queries.service('repository');
 *
 * function Projects() {
 *   const projects = useQuery(repository.query('getProjects'));
 *   const create = useMutation(repository.mutation('createProject')); // re-reads the list
 *   // …
 * }
 * ```
 */
export function platformQueries(client: PlatformClient): PlatformQueries {
  let queries = memo.get(client);
  if (queries) return queries;
  const services = new Map<string, ServiceQueries<object>>();
  const owner = (kind: string, id: string, store: object) =>
    serviceQueries(store, [...PLATFORM_QUERY_KEY, 'preferences', kind, id], ARITY.preferences);
  queries = {
    service: (name) => {
      let one = services.get(name);
      if (!one)
        services.set(
          name,
          (one = serviceQueries(client[name], [...PLATFORM_QUERY_KEY, name], ARITY[name])),
        );
      return one as never;
    },
    preferences: {
      forUser: (userId) => owner('user', userId, client.preferences.forUser(userId)) as never,
      forOrg: (orgId) => owner('org', orgId, client.preferences.forOrg(orgId)) as never,
    },
    selectOrg: () =>
      serviceQueries({ selectOrg: client.selectOrg }, PLATFORM_QUERY_KEY).mutation('selectOrg'),
  };
  memo.set(client, queries);
  return queries;
}
