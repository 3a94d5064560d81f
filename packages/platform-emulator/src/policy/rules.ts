import type { Acl, RepositoryPermission, UserSession } from '@ics/platform-contract';

/**
 * The decisions of the access policy (docs/decisions/0710-access-policy.md), as pure functions
 * of the facts: the session's user, the organisation, the ACL, the bundle's creator, the count
 * of other administrators. `policy.ts` fetches the facts from the stores and turns a refusal
 * into the answer; nothing here reads the database (docs/decisions/0855-pure-access-rules.md).
 */

/** Why a request is refused, and with which status; `undefined` from a rule means allowed. */
export interface Refusal {
  readonly status: 403 | 404 | 409;
  readonly message: string;
}

const forbid = (message: string): Refusal => ({ status: 403, message });

/** Every repository permission, in the order the API lists them. */
export const ALL_PERMISSIONS: readonly RepositoryPermission[] = [
  'read',
  'update',
  'delete',
  'execute',
  'change_perm',
];

/** Whether the user administers their organisation. */
export const isAdmin = (user: UserSession): boolean => user.effectivePrivileges.includes('admin');

/** An administrator's operation: 403 for anyone else. */
export const adminOnly = (user: UserSession, action: string): Refusal | undefined =>
  isAdmin(user) ? undefined : forbid(`Only an organization administrator may ${action}.`);

/**
 * An organisation the user may see: their own, or, for an administrator, one of its direct
 * sub-organisations. `org` is the organisation named `orgId`, or `undefined` when there is none
 * (404); any other organisation is 403.
 */
export function orgVisibility(
  user: UserSession,
  orgId: string,
  org: { readonly id: string; readonly parentId: string } | undefined,
): Refusal | undefined {
  if (!org) return { status: 404, message: `The organization '${orgId}' does not exist.` };
  if (org.id === user.orgId || (isAdmin(user) && org.parentId === user.orgId)) return undefined;
  return forbid(`You may not see the organization '${orgId}'.`);
}

/** The entity's owner and holders of `changeperm_alltypes` hold every permission, whatever its ACL. */
export const overridesAcl = (user: UserSession, row: { readonly owner_id: string }): boolean =>
  row.owner_id === user.id || user.effectivePrivileges.includes('changeperm_alltypes');

/**
 * What a user may do with a repository entity, given its effective ACL (the nearest ACL on the
 * entity or an ancestor; `inheritedFrom: null` when there is none): everything for the owner and
 * holders of `changeperm_alltypes`; with no ACL, everything; otherwise the union of the entries
 * for the user and for the user's organisation, in the order of {@link ALL_PERMISSIONS}.
 */
export function permissionsOf(
  user: UserSession,
  row: { readonly owner_id: string },
  acl: Pick<Acl, 'entries' | 'inheritedFrom'>,
): RepositoryPermission[] {
  if (overridesAcl(user, row) || !acl.inheritedFrom) return [...ALL_PERMISSIONS];
  const granted = new Set<RepositoryPermission>();
  for (const entry of acl.entries) {
    const principal = entry.principalType === 'USER' ? user.id : user.orgId;
    if (entry.principalId === principal) for (const p of entry.permissions) granted.add(p);
  }
  return ALL_PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * What every member of the organisation `orgId` may do with an entity, given its effective ACL:
 * everything with no ACL, otherwise what the ACL grants the organisation itself. What leaves an
 * organisation (a bundle copied by another) is only what the organisation shares with all of
 * its members (docs/decisions/0921-bundle-copies-read-now.md).
 */
export function sharedPermissions(
  orgId: string,
  acl: Pick<Acl, 'entries' | 'inheritedFrom'>,
): RepositoryPermission[] {
  if (!acl.inheritedFrom) return [...ALL_PERMISSIONS];
  const granted = new Set<RepositoryPermission>();
  for (const entry of acl.entries)
    if (entry.principalType === 'ORG' && entry.principalId === orgId)
      for (const p of entry.permissions) granted.add(p);
  return ALL_PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * A migration job and its artefacts belong to whoever created it and to the administrators of
 * its organisation; anyone else gets the 404 of a missing job (what: "The export job 'x'").
 */
export const jobAccess = (
  user: UserSession,
  job: { readonly created_by: string },
  what: string,
): Refusal | undefined =>
  job.created_by === user.id || isAdmin(user)
    ? undefined
    : { status: 404, message: `${what} does not exist.` };

/** Organisation attributes that only administrators read, wherever they are answered. */
const ADMIN_ATTRIBUTES: readonly string[] = ['authz.billingUrl'];

/** The attributes of an organisation the user may read: all for an administrator. */
export const visibleAttributes = <A extends { readonly name: string }>(
  user: UserSession,
  attributes: readonly A[],
): A[] =>
  isAdmin(user) ? [...attributes] : attributes.filter((a) => !ADMIN_ATTRIBUTES.includes(a.name));

/** 403 unless `granted` (the user's permissions on the entity `name`) holds `permission`. */
export const permissionRefusal = (
  granted: readonly RepositoryPermission[],
  permission: RepositoryPermission,
  name: string,
): Refusal | undefined =>
  granted.includes(permission)
    ? undefined
    : forbid(`You lack the '${permission}' permission on '${name}'.`);

/** A bundle is changed by whoever created it, or an administrator: 403 for anyone else. */
export const bundleControl = (
  user: UserSession,
  bundle: { readonly name: string; readonly createdBy: string },
): Refusal | undefined =>
  bundle.createdBy === user.id || isAdmin(user)
    ? undefined
    : forbid(
        `Only the creator of the bundle '${bundle.name}' or an organization administrator may change it.`,
      );

/**
 * A change that takes an administrator away (disabling or demoting one) keeps at least one other
 * active administrator in the organisation: 409 when `otherActiveAdmins` is zero.
 */
export const keepsAnAdmin = (otherActiveAdmins: number): Refusal | undefined =>
  otherActiveAdmins > 0
    ? undefined
    : {
        status: 409,
        message:
          'This would leave the organization without an active administrator; make someone else administrator first.',
      };

/**
 * Whose preferences a user may use: their own; their organisation's to read, and to change as
 * an administrator. Anything else is 403.
 */
export function preferenceAccess(
  user: UserSession,
  kind: 'user' | 'org',
  id: string,
  write: boolean,
): Refusal | undefined {
  if (kind === 'user') {
    return id === user.id ? undefined : forbid('You may only use your own preferences.');
  }
  if (id !== user.orgId) return forbid("You may only use your own organization's preferences.");
  if (write && !isAdmin(user)) {
    return forbid("Only an organization administrator may change the organization's preferences.");
  }
  return undefined;
}
