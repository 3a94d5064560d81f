import { licenceState, type LicenceInfo } from './licences.ts';

/** Who asks: the session's privilege names and the licence lists. */
export interface AccessSubject {
  /** The privilege names the user holds (the session's `privileges`). */
  readonly privileges: readonly string[];
  /** The user's licences: active, expired and in their grace period. */
  readonly licences: LicenceInfo;
}

/** What a check requires; an empty requirement passes. */
export interface AccessRequirement {
  /** A privilege name, or '*' for any user. */
  readonly privilege?: string;
  /** A licence id, or several that are all required; '*' passes. */
  readonly licence?: string | readonly string[];
  /** A licence that, when active, denies access whatever else holds (PC-6.4). */
  readonly exclusionLicence?: string;
  /** Expired or grace-period licences count as held; default false (PC-6.5). */
  readonly allowExpiredOrGrace?: boolean;
}

/** The wildcard that passes its part of a check (PC-6.3). */
export const WILDCARD = '*';

/** Why a check passed or failed: the first rule that decided it. */
export type AccessReason = 'granted' | 'excluded' | 'missingPrivilege' | 'missingLicence';

/** An access decision with the rule that made it. */
export interface AccessDecision {
  /** Whether access is granted. */
  readonly allowed: boolean;
  /** The rule that decided: `granted`, or why not. */
  readonly reason: AccessReason;
}

/**
 * The access decision (PC-6.1 to PC-6.5) with its reason: an active exclusion licence denies;
 * then the privilege AND every licence must be held; '*' passes its part; expired and
 * grace-period licences count only when the caller allows them. Pure: same inputs, same answer.
 */
export function decideAccess(
  subject: AccessSubject,
  requirement: AccessRequirement,
): AccessDecision {
  const { privilege, licence, exclusionLicence, allowExpiredOrGrace = false } = requirement;
  const deny = (reason: AccessReason): AccessDecision => ({ allowed: false, reason });
  if (
    exclusionLicence !== undefined &&
    licenceState(subject.licences, exclusionLicence) === 'active'
  ) {
    return deny('excluded');
  }
  if (
    privilege !== undefined &&
    privilege !== WILDCARD &&
    !subject.privileges.includes(privilege)
  ) {
    return deny('missingPrivilege');
  }
  const licences = licence === undefined ? [] : typeof licence === 'string' ? [licence] : licence;
  const held = licences.every((id) => {
    if (id === WILDCARD) return true;
    const state = licenceState(subject.licences, id);
    return (
      state === 'active' ||
      (allowExpiredOrGrace && (state === 'expired' || state === 'gracePeriod'))
    );
  });
  return held ? { allowed: true, reason: 'granted' } : deny('missingLicence');
}

/** Whether the subject may: `decideAccess(subject, requirement).allowed`. */
export function hasAccess(subject: AccessSubject, requirement: AccessRequirement): boolean {
  return decideAccess(subject, requirement).allowed;
}

/** The privilege that allows changing permissions on every type (PC-6.6). */
export const CHANGE_PERMISSIONS_ALL_TYPES = 'changeperm_alltypes';

/** Licence ids that allow changing permissions per object type (configuration, PC-6.6). */
export interface PermissionLicences {
  /** The licence that allows changing permissions on projects. */
  readonly project: string;
  /** The licence that allows changing permissions on folders. */
  readonly folder: string;
  /** The licence that allows changing permissions on assets (documents). */
  readonly asset: string;
}

/**
 * Whether the subject may change permissions on objects of a type: the privilege
 * 'changeperm_alltypes' allows every type; otherwise the type's licence must be active.
 */
export function canChangePermissions(
  subject: AccessSubject,
  type: keyof PermissionLicences,
  licences: PermissionLicences,
): boolean {
  if (subject.privileges.includes(CHANGE_PERMISSIONS_ALL_TYPES)) return true;
  return hasAccess(subject, { licence: licences[type] });
}
