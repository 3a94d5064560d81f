import {
  validateEntityAccessSize,
  type Acl,
  type AclEntry,
  type RepositoryPermission,
} from '@ics/platform-contract';
import { badRequest, notFound } from '../errors.ts';
import type { Queryable } from './database.ts';

/** The ACL that applies to an entity: its own entries, or its nearest ancestor's. */
export async function effectiveAcl(q: Queryable, id: string): Promise<Acl> {
  const chain = await q.query<{ id: string; owner_id: string; depth: number }>(
    `with recursive up as (
       select id, parent_id, owner_id, 0 as depth from frs_entities where id = $1
       union all select e.id, e.parent_id, e.owner_id, up.depth + 1 from frs_entities e join up on e.id = up.parent_id
     ) select id, owner_id, depth from up order by depth`,
    [id],
  );
  const own = chain[0];
  if (!own) throw notFound(`The repository entity '${id}'`);
  for (const node of chain) {
    const entries = await aclEntries(q, node.id);
    if (entries.length > 0) {
      return { objectId: id, owner: own.owner_id, entries, inheritedFrom: node.id };
    }
  }
  return { objectId: id, owner: own.owner_id, entries: [], inheritedFrom: null };
}

async function aclEntries(q: Queryable, id: string): Promise<AclEntry[]> {
  const rows = await q.query<{
    principal_type: 'USER' | 'ORG';
    principal_id: string;
    permissions: RepositoryPermission[];
  }>(
    'select principal_type, principal_id, permissions from frs_acl where entity_id = $1 order by principal_type, principal_id',
    [id],
  );
  return rows.map((r) => ({
    principalType: r.principal_type,
    principalId: r.principal_id,
    permissions: r.permissions,
  }));
}

/** Sets ACL entries of an entity, replacing an entry of the same principal. */
export async function writeAclEntries(
  q: Queryable,
  id: string,
  entries: readonly {
    principalType: string;
    principalId: string;
    permissions: readonly string[];
  }[],
): Promise<void> {
  for (const e of entries) {
    await q.query(
      `insert into frs_acl (entity_id, principal_type, principal_id, permissions) values ($1, $2, $3, $4)
       on conflict (entity_id, principal_type, principal_id) do update set permissions = excluded.permissions`,
      [id, e.principalType, e.principalId, JSON.stringify([...new Set(e.permissions)])],
    );
  }
}

/**
 * Sets the same ACL entries on every entity, in one statement (replacing entries of the same
 * principals). Refuses (400, before writing) more than `MAX_ENTITY_ACCESS_ROWS` rows: the
 * statement's cost grows with them, and the embedded database serves one query at a time.
 */
export async function writeAclEntriesOfAll(
  q: Queryable,
  ids: readonly string[],
  entries: readonly {
    principalType: string;
    principalId: string;
    permissions: readonly string[];
  }[],
): Promise<void> {
  const tooMany = validateEntityAccessSize(ids.length, entries.length);
  if (tooMany) throw badRequest('entries', tooMany);
  const last = new Map(entries.map((e) => [`${e.principalType}\u0000${e.principalId}`, e]));
  const rows = [...last.values()].map((e) => ({
    t: e.principalType,
    p: e.principalId,
    perms: [...new Set(e.permissions)],
  }));
  await q.query(
    `insert into frs_acl (entity_id, principal_type, principal_id, permissions)
     select i.id, r.t, r.p, r.perms from unnest($1::text[]) as i(id)
       cross join jsonb_to_recordset($2::jsonb) as r(t text, p text, perms jsonb)
     on conflict (entity_id, principal_type, principal_id) do update set permissions = excluded.permissions`,
    [[...ids], JSON.stringify(rows)],
  );
}

/**
 * The ACLs of entities that carry entries of their own (their effective ACL is their own), in
 * the order of `ids`, read in one query.
 */
export async function ownAcls(q: Queryable, ids: readonly string[]): Promise<Acl[]> {
  const rows = await q.query<{
    id: string;
    owner_id: string;
    principal_type: 'USER' | 'ORG';
    principal_id: string;
    permissions: RepositoryPermission[];
  }>(
    `select e.id, e.owner_id, a.principal_type, a.principal_id, a.permissions
       from frs_entities e join frs_acl a on a.entity_id = e.id
      where e.id = any($1) order by a.principal_type, a.principal_id`,
    [[...ids]],
  );
  return ids.map((id) => {
    const own = rows.filter((r) => r.id === id);
    return {
      objectId: id,
      owner: own[0]?.owner_id ?? '',
      entries: own.map((r) => ({
        principalType: r.principal_type,
        principalId: r.principal_id,
        permissions: r.permissions,
      })),
      inheritedFrom: id,
    };
  });
}

/** Removes an entity's own ACL entries (it then inherits its ancestors'). */
export async function clearAcl(q: Queryable, id: string): Promise<void> {
  await q.query('delete from frs_acl where entity_id = $1', [id]);
}
