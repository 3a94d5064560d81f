import type { UserPreference } from '@ics/platform-contract';
import type { Queryable } from './database.ts';

export type OwnerKind = 'user' | 'org';

export async function listPreferences(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  fullyQualifiedName?: string,
): Promise<UserPreference[]> {
  const rows = await db.query<{ fully_qualified_name: string; value: string }>(
    `select fully_qualified_name, value from preferences
      where owner_kind = $1 and owner_id = $2 and ($3::text is null or fully_qualified_name = $3)
      order by fully_qualified_name`,
    [owner.kind, owner.id, fullyQualifiedName ?? null],
  );
  return rows.map((r) => ({ fullyQualifiedName: r.fully_qualified_name, value: r.value }));
}

/** Inserts a preference; `false` when the key exists already (nothing is written then). */
export async function insertPreference(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  preference: UserPreference,
): Promise<boolean> {
  const rows = await db.query(
    `insert into preferences (owner_kind, owner_id, fully_qualified_name, value) values ($1, $2, $3, $4)
     on conflict do nothing returning 1`,
    [owner.kind, owner.id, preference.fullyQualifiedName, preference.value],
  );
  return rows.length === 1;
}

/** Replaces a preference's value; `false` when there is no such preference. */
export async function updatePreference(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  preference: UserPreference,
): Promise<boolean> {
  const rows = await db.query(
    `update preferences set value = $4, updated_at = now()
      where owner_kind = $1 and owner_id = $2 and fully_qualified_name = $3 returning 1`,
    [owner.kind, owner.id, preference.fullyQualifiedName, preference.value],
  );
  return rows.length === 1;
}

/** Removes a preference; `false` when there was none. */
export async function deletePreference(
  db: Queryable,
  owner: { kind: OwnerKind; id: string },
  fullyQualifiedName: string,
): Promise<boolean> {
  const rows = await db.query(
    'delete from preferences where owner_kind = $1 and owner_id = $2 and fully_qualified_name = $3 returning 1',
    [owner.kind, owner.id, fullyQualifiedName],
  );
  return rows.length === 1;
}
