import type { UserSession } from '@ics/platform-contract';
import { conflict } from '../errors.ts';
import { newUserId } from '../ids.ts';
import type { Database, Queryable } from './database.ts';
import { replaceUserRoles, userNameTaken } from './identity.ts';

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

/**
 * Adds a user with their roles and an unverified address, in one transaction; answers the new
 * id. A user name taken already (compared case-insensitively) is a 409 and writes nothing.
 */
export async function addUser(
  db: Database,
  input: {
    orgId: string;
    userName: string;
    firstName: string;
    lastName: string;
    email: string;
    timeZone: string;
    roleIds: readonly string[];
  },
): Promise<string> {
  const id = newUserId();
  await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into users (id, org_id, user_name, display_name, email, persona_order,
                          first_name, last_name, time_zone, email_verified)
       values ($1, $2, $3, $4, $5, 1000, $6, $7, $8, false)
       on conflict (user_name) do nothing returning 1`,
      [
        id,
        input.orgId,
        input.userName,
        `${input.firstName} ${input.lastName}`,
        input.email,
        input.firstName,
        input.lastName,
        input.timeZone,
      ],
    );
    if (inserted.length === 0 || (await userNameTaken(tx, input.userName, id)))
      throw conflict(`A user named '${input.userName}' exists already.`);
    await replaceUserRoles(tx, id, input.roleIds);
    // A new user verifies their address before using it.
    await tx.query('insert into email_verifications (user_id, email) values ($1, $2)', [
      id,
      input.email,
    ]);
  });
  return id;
}

/** Deletes users and their preferences, in one transaction. */
export async function deleteUsers(db: Database, userIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from preferences where owner_kind = 'user' and owner_id = any($1::text[])`,
      [userIds],
    );
    await tx.query('delete from users where id = any($1::text[])', [userIds]);
  });
}
