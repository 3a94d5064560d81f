import type {
  IdentityUser,
  OrgAttribute,
  PendingVerification,
  Role,
  UserGroup,
  UserProfile,
} from '@ics/platform-contract';
import type { Queryable } from './database.ts';

interface UserRow {
  id: string;
  org_id: string;
  user_name: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  email_verified: boolean;
  state: 'ACTIVE' | 'DISABLED';
  time_zone: string;
  phone: string | null;
  title: string | null;
  locale: string | null;
  role_ids: string[];
}

const selectUsers = `
  select u.id, u.org_id, u.user_name, u.first_name, u.last_name, u.display_name, u.email,
         u.email_verified, u.state, u.time_zone, u.phone, u.title, u.locale,
         coalesce((select jsonb_agg(r.role_id order by r.role_id) from user_roles r where r.user_id = u.id),
                  '[]'::jsonb) as role_ids
    from users u`;

const toUser = (r: UserRow): IdentityUser => ({
  id: r.id,
  orgId: r.org_id,
  userName: r.user_name,
  firstName: r.first_name,
  lastName: r.last_name,
  displayName: r.display_name,
  email: r.email,
  emailVerified: r.email_verified,
  state: r.state,
  timeZone: r.time_zone,
  roleIds: r.role_ids,
});

const userRow = async (db: Queryable, id: string): Promise<UserRow | undefined> =>
  (await db.query<UserRow>(`${selectUsers} where u.id = $1`, [id]))[0];

export async function findUser(db: Queryable, id: string): Promise<IdentityUser | undefined> {
  const row = await userRow(db, id);
  return row && toUser(row);
}

/** The profile view of a user: the directory fields but state and roles, plus contact details. */
export async function findProfile(db: Queryable, id: string): Promise<UserProfile | undefined> {
  const row = await userRow(db, id);
  if (!row) return undefined;
  const { state: _state, roleIds: _roleIds, ...user } = toUser(row);
  return { ...user, phone: row.phone, title: row.title, locale: row.locale };
}

export async function listOrgUsers(db: Queryable, orgId: string): Promise<IdentityUser[]> {
  return (await db.query<UserRow>(`${selectUsers} where u.org_id = $1 order by u.id`, [orgId])).map(
    toUser,
  );
}

/** Columns a PATCH may set, by field name of the contract. */
const userColumns = {
  firstName: 'first_name',
  lastName: 'last_name',
  displayName: 'display_name',
  email: 'email',
  timeZone: 'time_zone',
  state: 'state',
  phone: 'phone',
  title: 'title',
  locale: 'locale',
  emailVerified: 'email_verified',
} as const;
export type UserColumnField = keyof typeof userColumns;

/** Sets only the given fields of a user; the column names come from a fixed map, never input. */
export async function updateUserFields(
  db: Queryable,
  id: string,
  fields: Partial<Record<UserColumnField, string | boolean | null>>,
): Promise<void> {
  const entries = Object.entries(fields).filter(
    (e): e is [UserColumnField, string | boolean | null] => e[0] in userColumns,
  );
  if (entries.length === 0) return;
  const sets = entries.map(([field], i) => `${userColumns[field]} = $${i + 2}`);
  await db.query(`update users set ${sets.join(', ')} where id = $1`, [
    id,
    ...entries.map(([, v]) => v),
  ]);
}

export async function replaceUserRoles(
  db: Queryable,
  userId: string,
  roleIds: readonly string[],
): Promise<void> {
  await db.query('delete from user_roles where user_id = $1', [userId]);
  for (const roleId of roleIds) {
    await db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [userId, roleId]);
  }
}

export async function orgAttributes(db: Queryable, orgId: string): Promise<OrgAttribute[]> {
  return db.query<OrgAttribute>(
    'select name, value from org_attributes where org_id = $1 order by name',
    [orgId],
  );
}

export async function orgAttribute(
  db: Queryable,
  orgId: string,
  name: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ value: string }>(
    'select value from org_attributes where org_id = $1 and name = $2',
    [orgId, name],
  );
  return row?.value;
}

interface GroupRow {
  id: string;
  org_id: string;
  name: string;
  description: string;
  member_ids: string[];
}
const selectGroups = `
  select g.id, g.org_id, g.name, g.description,
         coalesce((select jsonb_agg(m.user_id order by m.user_id) from group_members m where m.group_id = g.id),
                  '[]'::jsonb) as member_ids
    from user_groups g`;
const toGroup = (r: GroupRow): UserGroup => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  description: r.description,
  memberIds: r.member_ids,
});

export async function listGroups(db: Queryable, orgId: string): Promise<UserGroup[]> {
  return (
    await db.query<GroupRow>(`${selectGroups} where g.org_id = $1 order by g.name`, [orgId])
  ).map(toGroup);
}

export async function findGroup(db: Queryable, id: string): Promise<UserGroup | undefined> {
  const [row] = await db.query<GroupRow>(`${selectGroups} where g.id = $1`, [id]);
  return row && toGroup(row);
}

interface RoleRow {
  id: string;
  org_id: string;
  name: string;
  description: string;
  privileges: string[];
}
const toRole = (r: RoleRow): Role => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  description: r.description,
  privileges: r.privileges,
});

export async function listRoles(db: Queryable, orgId: string): Promise<Role[]> {
  return (
    await db.query<RoleRow>(
      'select id, org_id, name, description, privileges from roles where org_id = $1 order by name',
      [orgId],
    )
  ).map(toRole);
}

export async function findRole(db: Queryable, id: string): Promise<Role | undefined> {
  const [row] = await db.query<RoleRow>(
    'select id, org_id, name, description, privileges from roles where id = $1',
    [id],
  );
  return row && toRole(row);
}

export async function pendingVerification(
  db: Queryable,
  userId: string,
): Promise<PendingVerification> {
  const [row] = await db.query<{ email: string; requested_at: string; sent_count: number }>(
    `select email, to_char(requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as requested_at,
            sent_count from email_verifications where user_id = $1`,
    [userId],
  );
  return row
    ? {
        userId,
        pending: true,
        email: row.email,
        requestedAt: row.requested_at,
        sentCount: row.sent_count,
      }
    : { userId, pending: false };
}

/**
 * Records a verification email for an address: the count goes up when the address is the one
 * already pending, and starts at 1 for a new one (which replaces the old).
 */
export async function sendVerification(
  db: Queryable,
  userId: string,
  email: string,
): Promise<PendingVerification> {
  await db.query(
    `insert into email_verifications (user_id, email) values ($1, $2)
     on conflict (user_id) do update set
       sent_count = case when email_verifications.email = excluded.email
                         then email_verifications.sent_count + 1 else 1 end,
       email = excluded.email, requested_at = now()`,
    [userId, email],
  );
  return pendingVerification(db, userId);
}

/** An organisation with its parent (itself at the top), or `undefined`. */
export async function findOrg(
  db: Queryable,
  id: string,
): Promise<{ id: string; name: string; parentId: string } | undefined> {
  const [org] = await db.query<{ id: string; name: string; parent_id: string }>(
    'select id, name, parent_id from orgs where id = $1',
    [id],
  );
  return org && { id: org.id, name: org.name, parentId: org.parent_id };
}

/** The ids of an organisation's sub-organisations. */
export async function subOrgIds(db: Queryable, orgId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'select id from orgs where parent_id = $1 and id <> $1 order by id',
    [orgId],
  );
  return rows.map((r) => r.id);
}

/** How many active users of an organisation hold the `admin` privilege through a role, other than `exceptUserId`. */
export async function countOtherAdmins(
  db: Queryable,
  orgId: string,
  exceptUserId: string,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(distinct u.id)::int as n from users u
       join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.org_id = $1 and u.id <> $2 and u.state = 'ACTIVE' and r.privileges ? 'admin'`,
    [orgId, exceptUserId],
  );
  return row?.n ?? 0;
}

/** Whether another user has this user name, compared case-insensitively. */
export async function userNameTaken(
  db: Queryable,
  userName: string,
  exceptUserId: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from users where lower(user_name) = lower($1) and id <> $2',
    [userName, exceptUserId],
  );
  return rows.length > 0;
}
