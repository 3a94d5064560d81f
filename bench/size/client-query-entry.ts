// The TanStack Query options of the client, without TanStack (it is only a type import).
export { platformQueries, PLATFORM_QUERY_KEY } from '@ics/platform-client/query';
