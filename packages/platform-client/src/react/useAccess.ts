import { useEffect } from 'react';
import { decideAccess, type AccessReason, type AccessRequirement } from '../access/access.ts';
import { useSessionState } from './PlatformProvider.ts';

/** What `useAccess` returns: `allowed` only once the session (and licences) are known. */
export interface AccessCheck {
  /** Whether access is granted; `false` while loading or when the user could not be read. */
  readonly allowed: boolean;
  /** The rule that decided, or 'loading' / 'error' (also when signed out) while the facts are missing. */
  readonly reason: AccessReason | 'loading' | 'error';
}

const LOADING: AccessCheck = Object.freeze({ allowed: false, reason: 'loading' });
const FAILED: AccessCheck = Object.freeze({ allowed: false, reason: 'error' });

/**
 * Whether the signed-in user may do something: the privilege AND every licence, '*' as a
 * wildcard, an active exclusion licence denying, expired or grace licences only when allowed
 * (the client's `decideAccess`, PC-6.1 to PC-6.5). Denies while loading; licences are read
 * once, the first time a check needs them.
 */
export function useAccess(requirement: AccessRequirement): AccessCheck {
  const [state, store] = useSessionState('useAccess');
  const needsLicences =
    requirement.licence !== undefined || requirement.exclusionLicence !== undefined;
  useEffect(() => {
    if (needsLicences) store.requireLicences();
  }, [store, needsLicences]);

  if (state.error !== undefined) return FAILED; // 'error' or 'signed-out'
  if (!state.user) return LOADING;
  const licences = state.licences;
  if (needsLicences && !licences) return state.licenceError === undefined ? LOADING : FAILED;
  return decideAccess(
    {
      privileges: state.user.effectivePrivileges,
      licences: licences ?? { active: [], expired: [], gracePeriod: [] },
    },
    requirement,
  );
}
