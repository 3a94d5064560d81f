import { nameKey, type MeteringTag, type Tag } from '@ics/platform-contract';
import { newId } from '../ids.ts';
import type { Queryable } from './database.ts';

/** The organisation's tags by name, with how many entities carry each. */
export async function listTags(q: Queryable, orgId: string): Promise<Tag[]> {
  const rows = await q.query<{
    id: string;
    name: string;
    description: string;
    usage_count: number;
  }>(
    `select t.id, t.name, t.description, (select count(*)::int from frs_entity_tags et where et.tag_id = t.id) as usage_count
       from frs_tags t where t.org_id = $1 order by t.name_key`,
    [orgId],
  );
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    usageCount: t.usage_count,
  }));
}

export async function tagExists(q: Queryable, orgId: string, id: string): Promise<boolean> {
  const rows = await q.query('select 1 from frs_tags where id = $1 and org_id = $2', [id, orgId]);
  return rows.length > 0;
}

/** Whether another tag of the organisation has this name, compared case-insensitively. */
export async function tagNameTaken(
  q: Queryable,
  orgId: string,
  name: string,
  exceptId: string,
): Promise<boolean> {
  const rows = await q.query(
    'select 1 from frs_tags where org_id = $1 and name_key = $2 and id <> $3',
    [orgId, nameKey(name), exceptId],
  );
  return rows.length > 0;
}

/** Sets the given fields of a tag. */
export async function updateTag(
  q: Queryable,
  id: string,
  fields: { name?: string; description?: string },
): Promise<void> {
  await q.query(
    'update frs_tags set name = coalesce($2, name), name_key = coalesce($3, name_key), description = coalesce($4, description) where id = $1',
    [
      id,
      fields.name ?? null,
      fields.name === undefined ? null : nameKey(fields.name),
      fields.description ?? null,
    ],
  );
}

/** Puts a tag (created on first use) on entities; a tag carried already stays once. */
export async function assignTag(
  q: Queryable,
  orgId: string,
  entityIds: readonly string[],
  name: string,
): Promise<void> {
  await q.query(
    'insert into frs_tags (id, org_id, name, name_key) values ($1, $2, $3, $4) on conflict (org_id, name_key) do nothing',
    [newId(), orgId, name, nameKey(name)],
  );
  await q.query(
    'insert into frs_entity_tags (entity_id, tag_id) select entity.id, tag.id from unnest($1::text[]) as entity(id), frs_tags tag where tag.org_id = $2 and tag.name_key = $3 on conflict do nothing',
    [entityIds, orgId, nameKey(name)],
  );
}

/** Takes a tag off entities (the tag itself stays). */
export async function unassignTag(
  q: Queryable,
  orgId: string,
  entityIds: readonly string[],
  name: string,
): Promise<void> {
  await q.query(
    'delete from frs_entity_tags where entity_id = any($1) and tag_id in (select id from frs_tags where org_id = $2 and name_key = $3)',
    [entityIds, orgId, nameKey(name)],
  );
}

/** Deletes tags of the organisation (and their assignments); answers how many went. */
export async function deleteTags(
  q: Queryable,
  orgId: string,
  ids: readonly string[],
): Promise<number> {
  const rows = await q.query(
    'delete from frs_tags where org_id = $1 and id = any($2) returning 1',
    [orgId, ids],
  );
  return rows.length;
}

/** The metering tags in use in the organisation, with how many entities carry each. */
export async function listMeteringTags(q: Queryable, orgId: string): Promise<MeteringTag[]> {
  const rows = await q.query<{ name: string; n: number }>(
    'select metering_tag as name, count(*)::int as n from frs_entities where org_id = $1 and metering_tag is not null group by metering_tag order by lower(metering_tag)',
    [orgId],
  );
  return rows.map((t) => ({ id: t.name, name: t.name, usageCount: t.n }));
}

/** Sets (or with `null` clears) the metering tag of entities. */
export async function setMeteringTag(
  q: Queryable,
  entityIds: readonly string[],
  name: string | null,
): Promise<void> {
  await q.query(
    'update frs_entities set metering_tag = $2, updated_at = now() where id = any($1)',
    [entityIds, name],
  );
}
