import type { UserSession } from '@ics/platform-contract';
import type { SessionState } from '../state/sessionStore.ts';
import { useSessionState } from './PlatformProvider.ts';

/** What `useSession` returns. */
export interface SessionView {
  /**
   * 'loading' until the user is known; 'signed-out' when the session has ended (with the
   * client's `onUnauthenticated`; otherwise the browser is already on its way to sign in);
   * 'error' when reading the user failed otherwise.
   */
  readonly status: SessionState['status'];
  /** The signed-in user's session, once read (`undefined` while loading and after an error). */
  readonly user: UserSession | undefined;
  /** The current organisation's id, once the user is known. */
  readonly orgId: string | undefined;
  /** The user's effective privileges in the current organisation; empty until known. */
  readonly privileges: readonly string[];
  /** Why reading the user failed. */
  readonly error: unknown;
  /** Reads the user again (after a change made elsewhere). */
  readonly reload: () => Promise<void>;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * The signed-in user, their current organisation and privileges. Every component that calls
 * it shares one `session/User` request; on the server it renders the loading state.
 */
export function useSession(): SessionView {
  const [state, store] = useSessionState('useSession');
  return {
    status: state.status,
    user: state.user,
    orgId: state.user?.currentOrgId,
    privileges: state.user?.effectivePrivileges ?? NONE,
    error: state.error,
    reload: () => store.reload(),
  };
}
