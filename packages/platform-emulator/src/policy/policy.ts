import type { RepositoryPermission, UserSession } from '@ics/platform-contract';
import type { Queryable } from '../db/database.ts';
import { countOtherAdmins, findOrg } from '../db/identity.ts';
import { effectiveAcls } from '../db/acl.ts';
import { entityHeads, findEntity, type EntityRow } from '../db/repository/entities.ts';
import { subtreesOf } from '../db/repository/trees.ts';
import { ApiError } from '../errors.ts';
import * as rules from './rules.ts';

/**
 * The one place that decides access (docs/decisions/0710-access-policy.md). Routes ask; none
 * decides on its own. `user` is the session's view of the user, read from the database on
 * every request, so privileges are those of the roles the user holds now. The decisions are
 * the pure functions of `rules.ts`; this module fetches their facts from the stores and turns
 * a refusal into the API's error.
 */

export { isAdmin, visibleAttributes } from './rules.ts';

const CODES = { 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT' } as const;

/** Throws the refusal's error, if there is one. */
function enforce(refusal: rules.Refusal | undefined): void {
  if (refusal) throw new ApiError(refusal.status, CODES[refusal.status], refusal.message);
}

/** Refuses with 403 unless the user is an administrator. */
export function requireAdmin(user: UserSession, action: string): void {
  enforce(rules.adminOnly(user, action));
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
  enforce(rules.orgVisibility(user, orgId, org));
  return org as NonNullable<typeof org>; // orgVisibility refuses a missing one (404)
}

/** What a user may do with a repository entity (`rules.permissionsOf`); the ACL is read only when it matters. */
export async function permissionsOf(
  q: Queryable,
  user: UserSession,
  row: { id: string; owner_id: string },
): Promise<RepositoryPermission[]> {
  return (await permissionsOfAll(q, user, [row]))[0] ?? [];
}
const NO_ACL = { entries: [], inheritedFrom: null };

/**
 * What a user may do with each of the entities, in their order: the ACLs that matter read in one
 * query, so a list or a bulk request costs the same few queries whatever its length.
 */
async function permissionsOfAll(
  q: Queryable,
  user: UserSession,
  rows: readonly { id: string; owner_id: string }[],
): Promise<RepositoryPermission[][]> {
  const needed = rows.filter((row) => !rules.overridesAcl(user, row)).map((row) => row.id);
  const acls = needed.length === 0 ? new Map() : await effectiveAcls(q, needed);
  return rows.map((row) => rules.permissionsOf(user, row, acls.get(row.id) ?? NO_ACL));
}

/** Refuses with 403, naming the first in their order, unless the user holds `permission` on every entity. */
export async function requirePermissionOnAll(
  q: Queryable,
  user: UserSession,
  rows: readonly { id: string; name: string; owner_id: string }[],
  permission: RepositoryPermission,
): Promise<void> {
  const granted = await permissionsOfAll(q, user, rows);
  rows.forEach((row, i) =>
    enforce(rules.permissionRefusal(granted[i] ?? [], permission, row.name)),
  );
}

/** Refuses with 403 unless the user holds `permission` on the entity. */
export async function requirePermission(
  q: Queryable,
  user: UserSession,
  row: { id: string; name: string; owner_id: string },
  permission: RepositoryPermission,
): Promise<void> {
  enforce(rules.permissionRefusal(await permissionsOf(q, user, row), permission, row.name));
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
  const granted = await permissionsOfAll(q, user, rows);
  return rows.filter((_, i) => granted[i]?.includes('read'));
}

/** Bundles are changed by whoever created them, or an administrator of their organisation. */
export function requireBundleControl(
  user: UserSession,
  bundle: { name: string; createdBy: string },
): void {
  enforce(rules.bundleControl(user, bundle));
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
  await requirePermissionOnAll(q, user, carriers, 'update');
}

/** An organisation keeps at least one active administrator: refuses (409) a change that would remove the last. */
export async function requireAnotherAdmin(
  q: Queryable,
  target: { id: string; orgId: string },
  losesAdmin: boolean,
): Promise<void> {
  if (losesAdmin) enforce(rules.keepsAnAdmin(await countOtherAdmins(q, target.orgId, target.id)));
}

/**
 * Refuses with 403 unless the user holds `permission` on each entity and everything under it
 * (copies, exports, bundles), in two queries whatever their number: 404, as for a missing one,
 * for the first one the organisation does not hold, then 403 for the first object refused, in
 * their order.
 */
export async function requireSubtrees(
  q: Queryable,
  user: UserSession,
  ids: readonly string[],
  permission: RepositoryPermission,
): Promise<void> {
  const rows = await subtreesOf(q, user.orgId, ids);
  const found = new Set(rows.map((row) => row.root));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined)
    throw new ApiError(404, 'NOT_FOUND', `The repository entity '${missing}' does not exist.`);
  const order = new Map(ids.map((id, i) => [id, i] as const).reverse());
  rows.sort((a, b) => (order.get(a.root) ?? 0) - (order.get(b.root) ?? 0));
  await requirePermissionOnAll(q, user, rows, permission);
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
  enforce(rules.preferenceAccess(user, kind, id, write));
  return { kind, id };
}

/**
 * Refuses with 403 unless the user may read each of the objects (those the organisation still
 * holds): what a job's artefacts reveal is checked when they are revealed, not when the job ran.
 */
export async function requireReadableNow(
  q: Queryable,
  user: UserSession,
  ids: readonly string[],
): Promise<void> {
  await requirePermissionOnAll(q, user, await entityHeads(q, user.orgId, ids), 'read');
}

/**
 * A migration job of the user's organisation that the user may see: its creator's and the
 * administrators' (docs/decisions/0920-jobs-belong-to-their-creator.md); 404 for anyone else.
 */
export function requireJob<J extends { id: string; kind: string; created_by: string }>(
  user: UserSession,
  job: J | undefined,
  id: string,
  kind: string,
): J {
  const what = `The ${kind} job '${id}'`;
  if (!job) throw new ApiError(404, 'NOT_FOUND', `${what} does not exist.`);
  enforce(rules.jobAccess(user, job, what));
  return job;
}

/**
 * Refuses with 403 unless every member of the organisation `orgId` may read each of the objects
 * and everything under them, in two queries whatever their number: content leaves an
 * organisation (a bundle copied by another) only if the organisation shares it with all its
 * members. The refusal names `what` (the bundle), never the other organisation's objects.
 */
export async function requireSharedSubtrees(
  q: Queryable,
  orgId: string,
  ids: readonly string[],
  what: string,
): Promise<void> {
  const rows = await subtreesOf(q, orgId, ids);
  const acls = await effectiveAcls(
    q,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const granted = rules.sharedPermissions(orgId, acls.get(row.id) ?? NO_ACL);
    if (!granted.includes('read'))
      throw new ApiError(
        403,
        'FORBIDDEN',
        `${what} carries content its organization does not share with all its members.`,
      );
  }
}

/** The jobs the user may see, in their order: their own, or all for an administrator. */
export function visibleJobs<J extends { created_by: string }>(
  user: UserSession,
  jobs: readonly J[],
): J[] {
  return jobs.filter((job) => rules.jobAccess(user, job, '') === undefined);
}

/**
 * Those of the objects that the organisation holds and the user may not read: what a listing
 * that names them (references, commits, remote projects) must leave out.
 */
export async function unreadableIds(
  q: Queryable,
  user: UserSession,
  ids: readonly string[],
): Promise<Set<string>> {
  const held = await entityHeads(q, user.orgId, ids);
  const readable = new Set((await readableOnly(q, user, held)).map((row) => row.id));
  return new Set(held.map((row) => row.id).filter((id) => !readable.has(id)));
}

/**
 * `requireEntity` for many entities in two queries whatever their number: in their order, 404
 * for one the organisation does not hold or 403 for one refused, whichever comes first.
 */
export async function requireEntities(
  q: Queryable,
  user: UserSession,
  ids: readonly string[],
  permission: RepositoryPermission,
): Promise<void> {
  const heads = await entityHeads(q, user.orgId, ids);
  const granted = await permissionsOfAll(q, user, heads);
  const byId = new Map(heads.map((row, i) => [row.id, { row, granted: granted[i] ?? [] }]));
  for (const id of ids) {
    const head = byId.get(id);
    if (!head)
      throw new ApiError(404, 'NOT_FOUND', `The repository entity '${id}' does not exist.`);
    enforce(rules.permissionRefusal(head.granted, permission, head.row.name));
  }
}
