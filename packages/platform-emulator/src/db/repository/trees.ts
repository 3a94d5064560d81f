// Walks of the repository's trees: ancestors, subtrees, references, and copies of subtrees.
import {
  MAX_COPY_ENTITIES,
  nameKey,
  validateCopySize,
  type UserSession,
} from '@ics/platform-contract';
import { ApiError, notFound } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { Queryable } from '../database.ts';

/** `id` and every entity it lies under. */
export async function selfAndAncestors(q: Queryable, id: string): Promise<Set<string>> {
  const rows = await q.query<{ id: string }>(
    `with recursive up as (
       select id, parent_id from frs_entities where id = $1
       union all select e.id, e.parent_id from frs_entities e join up on e.id = up.parent_id
     ) select id from up`,
    [id],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Copies entities and everything under them into `parentId`, in at most three statements
 * whatever their number: the subtrees as they stand before the copy (one query; 400 past
 * `MAX_COPY_ENTITIES`, before anything is written), the copies (one insert; ids made here, as for
 * any entity), their tags (one insert). `copies[i].name` names the i-th top-level copy (the
 * caller decided it is free, `CopyNames`); everything under it keeps its name. A source given
 * twice is copied twice. Answers the top-level copies' ids in order.
 */
export async function copyTrees(
  q: Queryable,
  /** Who copies: the copies are theirs, in their organisation. */
  user: Pick<UserSession, 'id' | 'orgId'>,
  parentId: string | null,
  copies: readonly { sourceId: string; name: string }[],
  /** Whether the copies carry the source's tags: only within its organisation (tags are per organisation). */
  withTags = true,
): Promise<string[]> {
  if (copies.length === 0) return [];
  // `ord` numbers the top-level copies from 1; `parent_id` is null for their sources.
  const rows = await q.query<{ ord: number; id: string; parent_id: string | null; name: string }>(
    `with recursive down as (
       select r.ord::int as ord, e.id, null::text as parent_id, e.name
         from unnest($1::text[]) with ordinality as r(id, ord) join frs_entities e on e.id = r.id
       union all
       select down.ord, e.id, e.parent_id, e.name from frs_entities e join down on e.parent_id = down.id
     ) select ord, id, parent_id, name from down limit $2`,
    [copies.map((c) => c.sourceId), MAX_COPY_ENTITIES + 1],
  );
  // The walk stops one row past the bound: a copy too large costs no more than the largest allowed.
  const tooLarge = validateCopySize(rows.length);
  if (tooLarge) throw new ApiError(400, 'VALIDATION', tooLarge);
  const copyOf = new Map(rows.map((row) => [`${row.ord}/${row.id}`, newId()] as const));
  const top = copies.map((c, i) => copyOf.get(`${i + 1}/${c.sourceId}`));
  const missing = copies.find((_, i) => top[i] === undefined);
  if (missing) throw notFound(`The repository entity '${missing.sourceId}'`);
  const ids: string[] = [];
  const sources: string[] = [];
  const parents: (string | null)[] = [];
  const names: string[] = [];
  for (const row of rows) {
    const name = row.parent_id === null ? (copies[row.ord - 1]?.name ?? row.name) : row.name;
    ids.push(copyOf.get(`${row.ord}/${row.id}`) ?? '');
    sources.push(row.id);
    parents.push(
      row.parent_id === null ? parentId : (copyOf.get(`${row.ord}/${row.parent_id}`) ?? ''),
    );
    names.push(name);
  }
  await q.query(
    `insert into frs_entities (id, org_id, name, name_key, document_type, parent_id, description, native_data, owner_id, metering_tag)
     select c.id, $1, c.name, c.name_key, e.document_type, c.parent_id, e.description, e.native_data, $2, e.metering_tag
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as c(id, source_id, parent_id, name, name_key)
       join frs_entities e on e.id = c.source_id`,
    [user.orgId, user.id, ids, sources, parents, names, names.map(nameKey)],
  );
  if (withTags)
    await q.query(
      `insert into frs_entity_tags (entity_id, tag_id)
       select c.id, et.tag_id from unnest($1::text[], $2::text[]) as c(id, source_id)
         join frs_entity_tags et on et.entity_id = c.source_id`,
      [ids, sources],
    );
  return top as string[];
}

/** Whether `candidate` is `id` itself or lies under it. */
export async function isSelfOrDescendant(
  q: Queryable,
  id: string,
  candidate: string,
): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `with recursive up as (
       select id, parent_id from frs_entities where id = $1
       union all select e.id, e.parent_id from frs_entities e join up on e.id = up.parent_id
     ) select id from up where id = $2`,
    [candidate, id],
  );
  return rows.length > 0;
}

/** How many entities the given ones and everything under them are (each counted once). */
export async function subtreeSize(q: Queryable, ids: readonly string[]): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `with recursive down as (
       select id from frs_entities where id = any($1)
       union select e.id from frs_entities e join down on e.parent_id = down.id
     ) select count(*)::int as n from down`,
    [[...ids]],
  );
  return row?.n ?? 0;
}

/**
 * Entities of the organisation and everything under each (`root`: the entity it lies under),
 * in one query; an id the organisation does not hold has no rows.
 */
export async function subtreesOf(
  q: Queryable,
  orgId: string,
  ids: readonly string[],
): Promise<{ root: string; id: string; name: string; owner_id: string }[]> {
  return q.query(
    `with recursive down as (
       select id as root, id, name, owner_id from frs_entities where id = any($1) and org_id = $2
       union all select down.root, e.id, e.name, e.owner_id from frs_entities e join down on e.parent_id = down.id
     ) select root, id, name, owner_id from down`,
    [[...new Set(ids)], orgId],
  );
}

/**
 * The references reachable from the objects, directly or through others, in one query: each
 * object met (the given ones included) mapped to those it refers to directly, each reference
 * once however many objects share it, cycles included. Exports walk their dependencies in it.
 */
export async function referenceGraph(
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ from_id: string; to_id: string }>(
    `with recursive reach as (
       select unnest($1::text[]) as id
       union select r.to_id from frs_refs r join reach on r.from_id = reach.id
     ) select r.from_id, r.to_id from frs_refs r join reach on r.from_id = reach.id`,
    [[...new Set(ids)]],
  );
  const graph = new Map<string, string[]>();
  for (const { from_id: from, to_id: to } of rows) {
    const refs = graph.get(from);
    if (refs) refs.push(to);
    else graph.set(from, [to]);
  }
  return graph;
}
