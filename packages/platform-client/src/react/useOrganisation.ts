import { isSubOrganisation } from '../access/organisations.ts';
import type { SessionState } from '../state/sessionStore.ts';
import { useSessionState } from './PlatformProvider.ts';

/** What `useOrganisation` returns. */
export interface OrganisationView {
  /** The current organisation (the one `selectOrg` chose), once the user is known. */
  readonly orgId: string | undefined;
  /** The user's home organisation's parent; equal to `homeOrgId` for a top organisation. */
  readonly parentOrgId: string | undefined;
  /** The organisation the user belongs to. */
  readonly homeOrgId: string | undefined;
  /** Whether the user's organisation is a sub-organisation (PC-6.7). */
  readonly isSubOrganisation: boolean;
  /** 'loading' also while a `selectOrg` reloads the user's view. */
  readonly status: SessionState['status'];
  /**
   * Makes an organisation current (the server checks the user may), clears the client's
   * cache and reads the user's view of it again; rejects when the server refuses.
   */
  readonly selectOrg: (orgId: string) => Promise<void>;
}

/** The current organisation and the way to change it. */
export function useOrganisation(): OrganisationView {
  const [state, store] = useSessionState('useOrganisation');
  const user = state.user;
  return {
    orgId: user?.currentOrgId,
    parentOrgId: user?.parentOrgId,
    homeOrgId: user?.orgId,
    isSubOrganisation: user ? isSubOrganisation(user) : false,
    status: state.status,
    selectOrg: (orgId) => store.selectOrg(orgId),
  };
}
