import {
  MAX_COPY_ENTITIES,
  nameKey,
  validateCopySize,
  type RepositoryEntity,
  type UserSession,
} from '@ics/platform-contract';
import { ApiError, conflict, notFound } from '../errors.ts';
import { iso, newId } from '../ids.ts';
import { defaultProject } from '../seed/defaultProject.ts';
import type { Queryable } from './database.ts';

const CONTAINERS = ['Project', 'Folder'];

export interface EntityRow {
  id: string;
  org_id: string;
  name: string;
  document_type: string;
  parent_id: string | null;
  parent_type: string | null;
  description: string;
  native_data: Record<string, unknown>;
  metering_tag: string | null;
  owner_id: string;
  is_default: boolean;
  created_at: string;
  updated_at: string;
  path: string;
  tags: string[];
}

/** Every entity of an organisation with its path and tags; `where` filters the tree (`t.` columns). */
export async function selectEntities(
  q: Queryable,
  orgId: string,
  where = 'true',
  params: readonly unknown[] = [],
  tail = 'order by t.path',
): Promise<EntityRow[]> {
  return q.query<EntityRow>(
    `with recursive tree as (
       select e.*, '/' || e.name as path from frs_entities e where e.parent_id is null and e.org_id = $1
       union all
       select c.*, tree.path || '/' || c.name from frs_entities c join tree on c.parent_id = tree.id
     )
     select t.*, p.document_type as parent_type,
       coalesce((select json_agg(tg.name order by tg.name) from frs_entity_tags et
                 join frs_tags tg on tg.id = et.tag_id where et.entity_id = t.id), '[]') as tags
       from tree t left join frs_entities p on p.id = t.parent_id
      where ${where} ${tail}`,
    [orgId, ...params],
  );
}

/** Which entities a listing answers; every given condition must hold. */
export interface EntityFilter {
  /** Only this document type ('Project', 'Folder', 'MAPPING', …). */
  readonly documentType?: string | undefined;
  /** Only documents: neither projects nor folders. */
  readonly documentsOnly?: boolean;
  /** Only the direct children of this container. */
  readonly parentId?: string | undefined;
  /** Only names containing this text, compared case-insensitively (PC-5.2). */
  readonly nameContains?: string | undefined;
  /** Only entities carrying this tag, compared case-insensitively. */
  readonly tag?: string | undefined;
}

/** The organisation's entities that pass the filter, by path. */
export async function listEntities(
  q: Queryable,
  orgId: string,
  filter: EntityFilter = {},
): Promise<EntityRow[]> {
  const where: string[] = [
    filter.documentsOnly ? "t.document_type not in ('Project', 'Folder')" : 'true',
  ];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length + 1}`));
  };
  if (filter.documentType) add('t.document_type = ?', filter.documentType);
  if (filter.parentId) add('t.parent_id = ?', filter.parentId);
  if (filter.nameContains) add('strpos(t.name_key, ?) > 0', nameKey(filter.nameContains));
  if (filter.tag) {
    add(
      'exists (select 1 from frs_entity_tags et join frs_tags tg on tg.id = et.tag_id where et.entity_id = t.id and tg.name_key = ?)',
      nameKey(filter.tag),
    );
  }
  return selectEntities(q, orgId, where.join(' and '), params);
}

export function toEntity(row: EntityRow, expand: readonly string[] = []): RepositoryEntity {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    documentType: row.document_type,
    parentInfo:
      row.parent_id && row.parent_type
        ? { parentType: row.parent_type as 'Project' | 'Folder', parentId: row.parent_id }
        : null,
    path: row.path,
    repoInfo: { repoHandle: `/frs/${row.org_id}/${row.id}` },
    tags: row.tags,
    meteringTag: row.metering_tag,
    createdBy: row.owner_id,
    createdTime: iso(row.created_at) ?? '',
    updatedTime: iso(row.updated_at) ?? '',
    ...(expand.includes('nativeData') ? { nativeData: row.native_data } : {}),
  };
}

/** One entity of the organisation, or 404: read by walking up from it, not down the whole tree. */
export async function findEntity(q: Queryable, orgId: string, id: string): Promise<EntityRow> {
  const [row] = await findEntities(q, orgId, [id]);
  if (!row) throw notFound(`The repository entity '${id}'`);
  return row;
}

export async function withRefs(q: Queryable, entity: RepositoryEntity): Promise<RepositoryEntity> {
  const refs = (sql: string) =>
    q.query<{ id: string; name: string; document_type: string }>(sql, [entity.id]);
  const map = (rows: { id: string; name: string; document_type: string }[]) =>
    rows.map((r) => ({ id: r.id, name: r.name, documentType: r.document_type }));
  return {
    ...entity,
    inboundRefs: map(
      await refs(
        'select e.id, e.name, e.document_type from frs_refs r join frs_entities e on e.id = r.from_id where r.to_id = $1 order by e.name',
      ),
    ),
    outboundRefs: map(
      await refs(
        'select e.id, e.name, e.document_type from frs_refs r join frs_entities e on e.id = r.to_id where r.from_id = $1 order by e.name',
      ),
    ),
  };
}

/** The organisation's default project, created (with two sample documents) on first use. */
export async function ensureDefaultProject(q: Queryable, user: UserSession): Promise<string> {
  const [existing] = await q.query<{ id: string }>(
    'select id from frs_entities where org_id = $1 and is_default',
    [user.orgId],
  );
  if (existing) return existing.id;
  const project = newId();
  const connection = newId();
  const mapping = newId();
  // One statement, so the project, its documents and their reference appear together or not at
  // all (a concurrent first use loses the race on the project's unique name and adds nothing).
  const { connection: c, mapping: m } = defaultProject;
  const documents = [
    {
      id: connection,
      name: c.name,
      key: nameKey(c.name),
      type: c.documentType,
      description: c.description,
      native: c.nativeData,
    },
    {
      id: mapping,
      name: m.name,
      key: nameKey(m.name),
      type: m.documentType,
      description: m.description,
      native: m.nativeData,
    },
  ];
  await q.query(
    `with p as (
       insert into frs_entities (id, org_id, name, name_key, document_type, parent_id, description, owner_id, is_default, native_data)
       values ($1, $4, $6, $7, 'Project', null, $8, $5, true, '{}')
       on conflict do nothing returning id
     ), d as (
       insert into frs_entities (id, org_id, name, name_key, document_type, parent_id, description, owner_id, native_data)
       select v.id, $4, v.name, v.key, v.type, p.id, v.description, $5, v.native
         from p, jsonb_to_recordset($9::jsonb)
              as v (id text, name text, key text, type text, description text, native jsonb)
       returning id
     )
     insert into frs_refs (from_id, to_id) select $3, $2 from p`,
    [
      project,
      connection,
      mapping,
      user.orgId,
      user.id,
      defaultProject.name,
      nameKey(defaultProject.name),
      defaultProject.description,
      JSON.stringify(documents),
    ],
  );
  const [created] = await q.query<{ id: string }>(
    'select id from frs_entities where org_id = $1 and is_default',
    [user.orgId],
  );
  return created?.id ?? project;
}

/** The name and type of an object of the organisation, or `undefined` (no tree walk). */
export async function objectSummary(
  q: Queryable,
  orgId: string,
  id: string,
): Promise<{ name: string; documentType: string } | undefined> {
  const [row] = await q.query<{ name: string; document_type: string }>(
    'select name, document_type from frs_entities where id = $1 and org_id = $2',
    [id, orgId],
  );
  return row && { name: row.name, documentType: row.document_type };
}

/** Sets the given fields of an entity (after the caller's conflict check) and its update time. */
export async function updateEntity(
  q: Queryable,
  id: string,
  fields: { name?: string; description?: string; nativeData?: Record<string, unknown> },
): Promise<void> {
  await q.query(
    `update frs_entities set name = coalesce($2, name), name_key = coalesce($3, name_key),
       description = coalesce($4, description), native_data = coalesce($5, native_data), updated_at = now()
     where id = $1`,
    [
      id,
      fields.name ?? null,
      fields.name === undefined ? null : nameKey(fields.name),
      fields.description ?? null,
      fields.nativeData === undefined ? null : JSON.stringify(fields.nativeData),
    ],
  );
}

/** Moves an entity (with everything under it) into another container. */
export async function moveEntity(q: Queryable, id: string, parentId: string): Promise<void> {
  await q.query('update frs_entities set parent_id = $2, updated_at = now() where id = $1', [
    id,
    parentId,
  ]);
}

/** Deletes an entity; everything under it, its tags, references and ACL go with it. */
/** Deletes the entities and, by cascade, everything under them, in one statement. */
export async function deleteEntities(q: Queryable, ids: readonly string[]): Promise<void> {
  await q.query('delete from frs_entities where id = any($1)', [[...ids]]);
}

/** Inserts an entity after the PC-5.2 conflict check; answers its id. */
export async function insertEntity(
  q: Queryable,
  input: {
    orgId: string;
    ownerId: string;
    name: string;
    documentType: string;
    parentId: string | null;
    description?: string;
    nativeData?: Record<string, unknown>;
    meteringTag?: string | null;
  },
): Promise<string> {
  await refuseConflict(q, input.orgId, input.parentId, input.name, input.documentType);
  const id = newId();
  await q.query(
    `insert into frs_entities (id, org_id, name, name_key, document_type, parent_id, description, native_data, owner_id, metering_tag)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      input.orgId,
      input.name,
      nameKey(input.name),
      input.documentType,
      input.parentId,
      input.description ?? '',
      JSON.stringify(input.nativeData ?? {}),
      input.ownerId,
      input.meteringTag ?? null,
    ],
  );
  return id;
}

/** The id of an entity with the same name (case-insensitively) and type under a parent. */
export async function conflictingId(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  name: string,
  documentType: string,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `select id from frs_entities where org_id = $1 and coalesce(parent_id, '') = coalesce($2, '')
        and name_key = $3 and document_type = $4 and id <> coalesce($5, '')`,
    [orgId, parentId, nameKey(name), documentType, exceptId ?? null],
  );
  return row?.id;
}

export async function refuseConflict(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  name: string,
  documentType: string,
  exceptId?: string,
): Promise<void> {
  if (await conflictingId(q, orgId, parentId, name, documentType, exceptId))
    throw nameTaken(documentType, name);
}

/** The 409 of a name that an entity of the type holds already under the parent (PC-5.2). */
const nameTaken = (documentType: string, name: string) =>
  conflict(
    `A ${documentType} named '${name}' exists already in this location (names compare case-insensitively).`,
  );

/** A project or folder of the organisation to put things in, or a clear error. */
export async function findContainer(q: Queryable, orgId: string, id: string): Promise<EntityRow> {
  const row = await findEntity(q, orgId, id);
  if (!CONTAINERS.includes(row.document_type)) {
    throw new ApiError(
      400,
      'VALIDATION',
      `'${row.name}' is a ${row.document_type}, not a project or folder.`,
    );
  }
  return row;
}

/** The `n`-th name a copy of `name` tries (from 1): `<name>`, `<name> (Copy)`, `<name> (Copy 2)`, … */
const copyCandidate = (name: string, n: number) =>
  n === 1 ? name : `${name} (Copy${n === 2 ? '' : ` ${n - 1}`})`;

/** A name free under `parentId`: the wanted one, else `<name> (Copy)`, `<name> (Copy 2)`, … */
export async function freeName(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  name: string,
  documentType: string,
): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = copyCandidate(name, n);
    if (candidate.length > 255) throw conflict(`No free name for a copy of '${name}'.`);
    if (!(await conflictingId(q, orgId, parentId, candidate, documentType))) return candidate;
  }
}

const typedKey = (documentType: string, name: string) => `${documentType}\u0000${nameKey(name)}`;

/**
 * The names under `parentId` (as `CopyNames` keys) that a copy named after any of `names` could
 * clash with: each name itself and its `(Copy …)` variants, in one query.
 */
export async function takenCopyNames(
  q: Queryable,
  orgId: string,
  parentId: string | null,
  names: readonly string[],
): Promise<Set<string>> {
  const rows = await q.query<{ name_key: string; document_type: string }>(
    `select name_key, document_type from frs_entities
      where org_id = $1 and coalesce(parent_id, '') = coalesce($2, '')
        and (name_key = any($3) or regexp_replace(name_key, ' \\(copy( [0-9]+)?\\)$', '') = any($3))`,
    [orgId, parentId, [...new Set(names.map(nameKey))]],
  );
  return new Set(rows.map((row) => `${row.document_type}\u0000${row.name_key}`));
}

/**
 * The names of the top-level copies of one request under one parent, decided in their order as
 * inserting them one by one would: a given name must be free (409); otherwise the first free of
 * `<name>`, `<name> (Copy)`, `<name> (Copy 2)`, … (409 past 255 characters, as `freeName`). Each
 * name decided is taken for the next ones. `taken` comes from `takenCopyNames`.
 */
export class CopyNames {
  /** Where the search for a name (type and key) goes on: every candidate before it is taken. */
  private readonly from = new Map<string, number>();
  constructor(private readonly taken: Set<string>) {}

  take(name: string, documentType: string, given?: string): string {
    if (given !== undefined) {
      if (this.taken.has(typedKey(documentType, given))) throw nameTaken(documentType, given);
      this.taken.add(typedKey(documentType, given));
      return given;
    }
    const base = typedKey(documentType, name);
    for (let n = this.from.get(base) ?? 1; ; n++) {
      const candidate = copyCandidate(name, n);
      if (candidate.length > 255) throw conflict(`No free name for a copy of '${name}'.`);
      const key = typedKey(documentType, candidate);
      if (!this.taken.has(key)) {
        this.taken.add(key);
        this.from.set(base, n + 1);
        return candidate;
      }
    }
  }
}

/** The names and types of those of the given entities that the organisation holds. */
export async function entityKinds(
  q: Queryable,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, { name: string; documentType: string }>> {
  const rows = await q.query<{ id: string; name: string; document_type: string }>(
    'select id, name, document_type from frs_entities where org_id = $1 and id = any($2)',
    [orgId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, documentType: r.document_type }]));
}

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

/**
 * Those of the entities that the organisation holds, with their paths and tags (as
 * `selectEntities`), in one query that walks up from them rather than down the whole tree.
 */
export async function findEntities(
  q: Queryable,
  orgId: string,
  ids: readonly string[],
): Promise<EntityRow[]> {
  return q.query<EntityRow>(
    `with recursive up as (
       select e.id as start, e.parent_id as next, '/' || e.name as path
         from frs_entities e where e.org_id = $1 and e.id = any($2)
       union all
       select up.start, a.parent_id, '/' || a.name || up.path
         from up join frs_entities a on a.id = up.next
     )
     select t.*, up.path, p.document_type as parent_type,
       coalesce((select json_agg(tg.name order by tg.name) from frs_entity_tags et
                 join frs_tags tg on tg.id = et.tag_id where et.entity_id = t.id), '[]') as tags
       from up join frs_entities t on t.id = up.start left join frs_entities p on p.id = t.parent_id
      where up.next is null`,
    [orgId, [...new Set(ids)]],
  );
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

/** The entities that carry any of the tags (of the organisation). */
export async function tagCarriers(
  q: Queryable,
  orgId: string,
  tagIds: readonly string[],
): Promise<{ id: string; name: string; owner_id: string }[]> {
  return q.query(
    `select distinct e.id, e.name, e.owner_id from frs_entity_tags et
       join frs_tags t on t.id = et.tag_id join frs_entities e on e.id = et.entity_id
      where t.org_id = $1 and t.id = any($2)`,
    [orgId, tagIds],
  );
}

/** The ids, names and owners of those of the given entities that the organisation still holds. */
export async function entityHeads(
  q: Queryable,
  orgId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string; owner_id: string; is_default: boolean }[]> {
  return q.query(
    'select id, name, owner_id, is_default from frs_entities where org_id = $1 and id = any($2) order by name',
    [orgId, [...new Set(ids)]],
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

/**
 * For each candidate, in their order, the id of the entity of the organisation with the same
 * name (case-insensitively) and type under the candidate's parent, or `undefined`:
 * `conflictingId` for many names in one query.
 */
export async function conflictingIds(
  q: Queryable,
  orgId: string,
  candidates: readonly { parentId: string | null; name: string; documentType: string }[],
): Promise<(string | undefined)[]> {
  // Arrays of text, not JSON: text carries any string the request did (jsonb refuses, say, a
  // lone surrogate that a text parameter stores as U+FFFD).
  const rows = await q.query<{ i: number; id: string }>(
    `select (c.i - 1)::int as i, e.id
       from unnest($2::text[], $3::text[], $4::text[]) with ordinality as c (parent, key, type, i)
       join frs_entities e on e.org_id = $1 and coalesce(e.parent_id, '') = c.parent
        and e.name_key = c.key and e.document_type = c.type`,
    [
      orgId,
      candidates.map((c) => c.parentId ?? ''),
      candidates.map((c) => nameKey(c.name)),
      candidates.map((c) => c.documentType),
    ],
  );
  const found = new Map(rows.map((row) => [row.i, row.id]));
  return candidates.map((_, i) => found.get(i));
}

/** A document to write into a container (`insertEntities`). */
export interface NewDocument {
  ownerId: string;
  name: string;
  documentType: string;
  description: string;
  nativeData: Record<string, unknown>;
}

/**
 * Inserts entities into one container in one statement, after the caller's conflict check
 * (`conflictingIds`); a name taken meanwhile fails the statement, and with it the transaction.
 */
export async function insertEntities(
  q: Queryable,
  orgId: string,
  parentId: string,
  entities: readonly NewDocument[],
): Promise<void> {
  if (entities.length === 0) return;
  await q.query(
    `insert into frs_entities (id, org_id, name, name_key, document_type, parent_id, description, native_data, owner_id)
     select v.id, $1, v.name, v.key, v.type, $2, coalesce(v.description, ''), coalesce(v.native, '{}'), v.owner
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[])
            as v (id, name, key, type, description, native, owner)`,
    [
      orgId,
      parentId,
      entities.map(() => newId()),
      entities.map((e) => e.name),
      entities.map((e) => nameKey(e.name)),
      entities.map((e) => e.documentType),
      entities.map((e) => e.description),
      entities.map((e) => JSON.stringify(e.nativeData)),
      entities.map((e) => e.ownerId),
    ],
  );
}
