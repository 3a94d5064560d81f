// The repository's entities as written: inserted, changed, moved, deleted, the default project.
import { nameKey, type UserSession } from '@ics/platform-contract';
import { newId } from '../../ids.ts';
import { defaultProject } from '../../seed/defaultProject.ts';
import type { Queryable } from '../database.ts';
import { refuseConflict } from './names.ts';

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

/** Deletes the entities and, by cascade, everything under them, in one statement. */
export async function deleteEntities(q: Queryable, ids: readonly string[]): Promise<void> {
  await q.query('delete from frs_entities where id = any($1)', [[...ids]]);
}

/**
 * Inserts an entity after the PC-5.2 conflict check; answers its id: `id` when given (a seed's,
 * decision 1134), else a new one.
 */
export async function insertEntity(
  q: Queryable,
  input: {
    id?: string;
    orgId: string;
    ownerId: string;
    name: string;
    documentType: string;
    parentId: string | null;
    description?: string | undefined;
    nativeData?: Record<string, unknown> | undefined;
    meteringTag?: string | null;
  },
): Promise<string> {
  await refuseConflict(q, input.orgId, input.parentId, input.name, input.documentType);
  const id = input.id ?? newId();
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
