// The repository's entities as read: rows with their paths and tags, and what they answer.
import { nameKey, type RepositoryEntity } from '@ics/platform-contract';
import { ApiError, notFound } from '../../errors.ts';
import { iso } from '../../ids.ts';
import type { Queryable } from '../database.ts';

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
