import { type RepositoryEntity, type UserSession } from '@ics/platform-contract';
import type { Queryable } from '../../db/database.ts';
import {
  entityHeads,
  findEntities,
  listEntities,
  toEntity,
  withRefs,
  type EntityFilter,
} from '../../db/repository/entities.ts';
import { subtreeSize } from '../../db/repository/trees.ts';
import { deleteEntities } from '../../db/repository/writes.ts';
import {
  readableOnly,
  requireEntity,
  requirePermissionOnAll,
  unreadableIds,
} from '../../policy/policy.ts';
import { conflict, notFound } from '../../errors.ts';
import { pageOf } from '../../http/kit.ts';

/** `$expand` of a query as a list. */
export const expandOf = (query: { $expand?: string }) =>
  (query.$expand ?? '').split(',').filter(Boolean);

/** A page of entities; `T` narrows the type where the `where` clause already did (projects, folders). */
export async function collection<T extends RepositoryEntity = RepositoryEntity>(
  db: Queryable,
  user: UserSession,
  filter: EntityFilter,
  query: { $top?: unknown; $skip?: unknown; $count?: unknown },
) {
  const rows = await readableOnly(db, user, await listEntities(db, user.orgId, filter));
  const { top, skip } = pageOf(query);
  return {
    value: rows.slice(skip, skip + top).map((row) => toEntity(row) as T),
    ...(query.$count === true ? { '@odata.count': rows.length } : {}),
  };
}

/** One entity as the user may see it: 'read' required; references only to what they may read. */
export const entityOf = async (
  q: Queryable,
  user: UserSession,
  id: string,
  expandList: string[] = [],
) => {
  const entity = toEntity(await requireEntity(q, user, id, 'read'), expandList);
  if (!expandList.includes('refs')) return entity;
  // References name other objects: only those the user may read.
  const full = await withRefs(q, entity);
  const ids = [...(full.inboundRefs ?? []), ...(full.outboundRefs ?? [])].map((e) => e.id);
  const hidden = await unreadableIds(q, user, ids);
  return {
    ...full,
    inboundRefs: full.inboundRefs?.filter((e) => !hidden.has(e.id)),
    outboundRefs: full.outboundRefs?.filter((e) => !hidden.has(e.id)),
  };
};

/** The entities of the list as the user may see them, in its order: 'read' required on each. */
export const entitiesOf = async (q: Queryable, user: UserSession, ids: readonly string[]) => {
  const byId = new Map(
    (await findEntities(q, user.orgId, ids)).map((row) => [row.id, row] as const),
  );
  const listed = ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(`The repository entity '${id}'`);
    return row;
  });
  await requirePermissionOnAll(q, user, listed, 'read');
  return listed.map((row) => toEntity(row));
};

/** The entities of the list (ids, names, owners), looked up in one query; 404 for the first missing. */
export const heldAll = async (q: Queryable, user: UserSession, list: readonly string[]) => {
  const rows = await entityHeads(q, user.orgId, list);
  const held = new Set(rows.map((row) => row.id));
  const missing = list.find((id) => !held.has(id));
  if (missing !== undefined) throw notFound(`The repository entity '${missing}'`);
  return rows;
};

/** Every entity of the list exists (no permission given) or the user holds `permission` on each. */
export const requireAll = async (
  q: Queryable,
  user: UserSession,
  list: readonly string[],
  permission?: 'update',
) => {
  if (!permission) await heldAll(q, user, list);
  else for (const id of list) await requireEntity(q, user, id, permission);
};

/** Deletes the entities of the list and what they contain; answers how many went. */
export const deleteAll = async (
  tx: Queryable,
  user: UserSession,
  artifactIds: readonly string[],
) => {
  // One lookup, one count and one delete for the whole list (an entity under another one of
  // the list is counted once).
  const rows = await entityHeads(tx, user.orgId, artifactIds);
  if (rows.some((row) => row.is_default))
    throw conflict("The organization's default project cannot be deleted.");
  await requirePermissionOnAll(tx, user, rows, 'delete');
  const ids = rows.map((row) => row.id);
  const deleted = await subtreeSize(tx, ids);
  await deleteEntities(tx, ids);
  return deleted;
};
