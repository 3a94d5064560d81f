import type { Acl, AclEntry, RepositoryPermission } from '@ics/platform-contract';
import { notFound } from '../errors.ts';
import type { Queryable } from './database.ts';

/** The ACL that applies to an entity: its own entries, or its nearest ancestor's. */
export async function effectiveAcl(q: Queryable, id: string): Promise<Acl> {
  const [own] = await q.query<{ owner_id: string }>(
    'select owner_id from frs_entities where id = $1',
    [id],
  );
  if (!own) throw notFound(`The repository entity '${id}'`);
  const acl = (await effectiveAcls(q, [id])).get(id);
  return { objectId: id, owner: own.owner_id, entries: [], inheritedFrom: null, ...acl };
}

/**
 * The ACLs that apply to entities (each its own entries, or its nearest ancestor's), read in
 * one query whatever the number of entities and the depth of the tree: an entity whose chain
 * carries no ACL, or that does not exist, has no key in the answer.
 */
export async function effectiveAcls(
  q: Queryable,
  ids: readonly string[],
): Promise<Map<string, Pick<Acl, 'entries' | 'inheritedFrom'>>> {
  const rows = await q.query<{
    start: string;
    holder: string;
    principal_type: 'USER' | 'ORG';
    principal_id: string;
    permissions: RepositoryPermission[];
  }>(
    `with recursive up as (
       select id as start, id, parent_id, 0 as depth from frs_entities where id = any($1)
       union all select up.start, e.id, e.parent_id, up.depth + 1 from frs_entities e join up on e.id = up.parent_id
     ), holder as (
       select distinct on (start) start, id from up
        where exists (select 1 from frs_acl a where a.entity_id = up.id)
        order by start, depth
     ) select h.start, h.id as holder, a.principal_type, a.principal_id, a.permissions
         from holder h join frs_acl a on a.entity_id = h.id
        order by h.start, a.principal_type, a.principal_id`,
    [[...new Set(ids)]],
  );
  const acls = new Map<string, { entries: AclEntry[]; inheritedFrom: string }>();
  for (const r of rows) {
    const acl = acls.get(r.start) ?? { entries: [], inheritedFrom: r.holder };
    acl.entries.push({
      principalType: r.principal_type,
      principalId: r.principal_id,
      permissions: r.permissions,
    });
    acls.set(r.start, acl);
  }
  return acls;
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

/** Sets the same ACL entries on every entity, in one statement (replacing entries of the same principals). */
export async function writeAclEntriesOfAll(
  q: Queryable,
  ids: readonly string[],
  entries: readonly {
    principalType: string;
    principalId: string;
    permissions: readonly string[];
  }[],
): Promise<void> {
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
