import type { UserSession } from '@ics/platform-contract';
import type { Queryable } from './database.ts';

interface UserRow {
  id: string;
  user_name: string;
  display_name: string;
  org_id: string;
  parent_id: string;
  privileges: string[];
  locale: string | null;
}

/** The people shown on the login page, in their seeded order. */
export async function listPersonas(
  db: Queryable,
): Promise<{ id: string; displayName: string; email: string }[]> {
  const rows = await db.query<{ id: string; display_name: string; email: string }>(
    // A disabled user cannot sign in (docs/decisions/0402-service-catalogue-part-1.md).
    `select id, display_name, email from users where state = 'ACTIVE' order by persona_order, display_name`,
  );
  return rows.map((r) => ({ id: r.id, displayName: r.display_name, email: r.email }));
}

/** The session view of a user, or `undefined` when there is no such user. */
export async function findUserSession(
  db: Queryable,
  userId: string,
): Promise<UserSession | undefined> {
  // Privileges are those of the roles the user holds now, read on every request: a role
  // change applies to the next call, never frozen at sign-in (docs/decisions/0710).
  const [row] = await db.query<UserRow>(
    `select u.id, u.user_name, u.display_name, u.org_id, o.parent_id, u.locale,
            coalesce((select jsonb_agg(distinct p.value order by p.value)
                        from user_roles ur join roles r on r.id = ur.role_id,
                             jsonb_array_elements_text(r.privileges) p
                       where ur.user_id = u.id), '[]') as privileges
       from users u join orgs o on o.id = u.org_id where u.id = $1 and u.state = 'ACTIVE'`,
    [userId],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    userName: row.user_name,
    displayName: row.display_name,
    orgId: row.org_id,
    currentOrgId: row.org_id,
    parentOrgId: row.parent_id,
    effectivePrivileges: row.privileges,
    ...(row.locale ? { locale: row.locale } : {}),
  };
}
