import { createContext, createElement, useContext, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { PlatformClient } from '../createPlatformClient.ts';
import { systemClock } from '../environment.ts';
import type { SessionManager } from '../session/sessionManager.ts';
import { IdleWarning, type Clock } from '../state/idleWarning.ts';
import { SessionStore, type SessionClient, type SessionState } from '../state/sessionStore.ts';

interface PlatformContextValue {
  readonly client: SessionClient;
  readonly store: SessionStore;
  readonly idle: IdleWarning | undefined;
}

const PlatformContext = createContext<PlatformContextValue | null>(null);

/** Props of `PlatformProvider`. */
export interface PlatformProviderProps {
  /** The application's client (`createPlatformClient()`, or `createPlatformCore()`). */
  readonly client: SessionClient;
  /** The running session (`client.startSession()`), for `useIdleSession`; omit on the server. */
  readonly session?: SessionManager;
  /** The clock that counts the idle warning down; default `Date.now` and `setTimeout`. */
  readonly clock?: Clock;
  /** The components that use the hooks. */
  readonly children?: ReactNode;
}

/**
 * Gives the components below it the platform client and one shared session state: however
 * many components call `useSession` or `useAccess`, the user is read once. Renders nothing
 * of its own and starts no request on the server.
 *
 * @example
 * ```tsx
 * // Below the provider, any component reads the shared session (docs/getting-started.md)
 * import { usePlatformClient, useSession } from '@ics/platform-client/react';
 *
 * export default function App() {
 *   const client = usePlatformClient();
 *   const session = useSession();
 *   return <p>{session.user ? `Hello, ${session.user.displayName}` : session.status}</p>;
 * }
 * ```
 */
export function PlatformProvider({
  client,
  session,
  clock = systemClock,
  children,
}: PlatformProviderProps) {
  const store = useMemo(() => new SessionStore(client), [client]);
  const idle = useMemo(() => session && new IdleWarning(session, clock), [session, clock]);
  const value = useMemo(() => ({ client, store, idle }), [client, store, idle]);
  return createElement(PlatformContext.Provider, { value }, children);
}

/** The provider's value; throws a clear error outside a `PlatformProvider`. */
export function usePlatformContext(hook: string): PlatformContextValue {
  const value = useContext(PlatformContext);
  if (!value) throw new Error(`${hook} must be used inside <PlatformProvider client={…}>.`);
  return value;
}

/**
 * The provider's client. The type parameter says which client the application passed
 * (default the full `PlatformClient`); it is not checked at run time.
 */
export function usePlatformClient<C extends SessionClient = PlatformClient>(): C {
  return usePlatformContext('usePlatformClient').client as C;
}

const SERVER_STATE: SessionState = Object.freeze({ status: 'loading' });
const serverState = () => SERVER_STATE;

/** The shared session state and its store; the server renders the loading state. */
export function useSessionState(hook: string): [SessionState, SessionStore] {
  const { store } = usePlatformContext(hook);
  return [useSyncExternalStore(store.subscribe, store.getSnapshot, serverState), store];
}
