// @ics/platform-client/query: TanStack Query options for the client's calls.
export {
  platformQueries,
  PLATFORM_QUERY_KEY,
  type ArgsOf,
  type MethodOf,
  type PlatformMutationOptions,
  type PlatformQueries,
  type PlatformQueryKey,
  type PlatformQueryOptions,
  type ResultOf,
  type ServiceName,
  type ServiceQueries,
  type SingleArgMethodOf,
  type VariablesOf,
} from './platformQueries.ts';
