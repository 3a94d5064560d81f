import type { RepositoryPermission, UserSession } from '@ics/platform-contract';
import type { Queryable } from '../db/database.ts';
import { countOtherAdmins, findOrg } from '../db/identity.ts';
import {
  ALL_PERMISSIONS,
  effectiveAcl,
  findEntity,
  subtreeOf,
  type EntityRow,
} from '../db/repository.ts';
import { conflict, forbidden, notFound } from '../errors.ts';

/**
 * The one place that decides access (docs/decisions/0710-access-policy.md). Routes ask; none
 * decides on its own. `user` is the session's view of the user, read from the database on
 * every request, so privileges are those of the roles the user holds now.
 */

/** Whether the user administers their organisation. */
export const isAdmin = (user: UserSession): boolean => user.effectivePrivileges.includes('admin');

/** Refuses with 403 unless the user is an administrator. */
export function requireAdmin(user: UserSession, action: string): void {
  if (!isAdmin(user)) throw forbidden(`Only an organization administrator may ${action}.`);
}

/**
 * An organisation the user may see (404 when there is none, 403 otherwise): their own, or — for
 * an administrator — one of its sub-organisations. `selectOrg` asks the same question.
 */
export async function requireVisibleOrg(
  db: Queryable,
  user: UserSession,
  orgId: string,
): Promise<{ id: string; name: string; parentId: string }> {
  const org = await findOrg(db, orgId);
  if (!org) throw notFound(`The organization '${orgId}'`);
  const own = org.id === user.orgId;
  const child = isAdmin(user) && org.parentId === user.orgId;
  if (!own && !child) throw forbidden(`You may not see the organization '${orgId}'.`);
  return org;
}

/**
 * What a user may do with a repository entity: its owner and holders of `changeperm_alltypes`
 * may do everything; otherwise the nearest ACL on the entity or an ancestor decides; with none,
 * every member of the organisation may do everything.
 */
export async function permissionsOf(
  q: Queryable,
  user: UserSession,
  row: { id: string; owner_id: string },
): Promise<RepositoryPermission[]> {
  if (row.owner_id === user.id || user.effectivePrivileges.includes('changeperm_alltypes')) {
    return [...ALL_PERMISSIONS];
  }
  const acl = await effectiveAcl(q, row.id);
  if (!acl.inheritedFrom) return [...ALL_PERMISSIONS];
  const granted = new Set<RepositoryPermission>();
  for (const entry of acl.entries) {
    const matches =
      (entry.principalType === 'USER' && entry.principalId === user.id) ||
      (entry.principalType === 'ORG' && entry.principalId === user.orgId);
    if (matches) for (const p of entry.permissions) granted.add(p);
  }
  return ALL_PERMISSIONS.filter((p) => granted.has(p));
}

/** Refuses with 403 unless the user holds `permission` on the entity. */
export async function requirePermission(
  q: Queryable,
  user: UserSession,
  row: { id: string; name: string; owner_id: string },
  permission: RepositoryPermission,
): Promise<void> {
  if (!(await permissionsOf(q, user, row)).includes(permission)) {
    throw forbidden(`You lack the '${permission}' permission on '${row.name}'.`);
  }
}

/** An entity of the user's organisation (404) on which they hold `permission` (403). */
export async function requireEntity(
  q: Queryable,
  user: UserSession,
  id: string,
  permission: RepositoryPermission,
): Promise<EntityRow> {
  const row = await findEntity(q, user.orgId, id);
  await requirePermission(q, user, row, permission);
  return row;
}

/** The rows the user may read, in their order: listings never show what a read would refuse. */
export async function readableOnly<R extends { id: string; owner_id: string }>(
  q: Queryable,
  user: UserSession,
  rows: readonly R[],
): Promise<R[]> {
  const kept: R[] = [];
  for (const row of rows) if ((await permissionsOf(q, user, row)).includes('read')) kept.push(row);
  return kept;
}

/** Bundles are changed by whoever created them, or an administrator of their organisation. */
export function requireBundleControl(
  user: UserSession,
  bundle: { name: string; createdBy: string },
): void {
  if (bundle.createdBy !== user.id && !isAdmin(user)) {
    throw forbidden(
      `Only the creator of the bundle '${bundle.name}' or an organization administrator may change it.`,
    );
  }
}

/**
 * Renaming or deleting a tag changes every object that carries it: the user needs `update` on
 * each of them (an administrator with `changeperm_alltypes` has it everywhere).
 */
export async function requireTagControl(
  q: Queryable,
  user: UserSession,
  carriers: readonly { id: string; name: string; owner_id: string }[],
): Promise<void> {
  for (const row of carriers) await requirePermission(q, user, row, 'update');
}

/** An organisation keeps at least one active administrator: refuses (409) a change that would remove the last. */
export async function requireAnotherAdmin(
  q: Queryable,
  target: { id: string; orgId: string },
  losesAdmin: boolean,
): Promise<void> {
  if (losesAdmin && (await countOtherAdmins(q, target.orgId, target.id)) === 0) {
    throw conflict(
      'This would leave the organization without an active administrator; make someone else administrator first.',
    );
  }
}

/** Refuses with 403 unless the user holds `permission` on the entity and everything under it (copies, exports). */
export async function requireSubtree(
  q: Queryable,
  user: UserSession,
  id: string,
  permission: RepositoryPermission,
): Promise<void> {
  for (const row of await subtreeOf(q, id)) await requirePermission(q, user, row, permission);
}

/**
 * Whose preferences a user may use: their own; their organisation's to read, and to change as
 * an administrator. Answers the owner for the preference store.
 */
export function requirePreferenceOwner<K extends 'user' | 'org'>(
  user: UserSession,
  kind: K,
  id: string,
  write: boolean,
): { kind: K; id: string } {
  if (kind === 'user' && id !== user.id) throw forbidden('You may only use your own preferences.');
  if (kind === 'org') {
    if (id !== user.orgId) throw forbidden("You may only use your own organization's preferences.");
    if (write && !isAdmin(user)) {
      throw forbidden(
        "Only an organization administrator may change the organization's preferences.",
      );
    }
  }
  return { kind, id };
}
