import type { UserSession } from '@ics/platform-contract';
import type { Queryable } from '../db/database.ts';
import { forbidden, notFound } from './apiError.ts';

/** Whether the user administers their organisation. */
export const isAdmin = (user: UserSession) => user.effectivePrivileges.includes('admin');

/** Refuses with 403 unless the user is an administrator. */
export function requireAdmin(user: UserSession, action: string): void {
  if (!isAdmin(user)) throw forbidden(`Only an organization administrator may ${action}.`);
}

/**
 * Checks that an organisation exists (404) and that the user may see it (403): their own, or
 * — for an administrator — one of its sub-organisations.
 */
export async function requireVisibleOrg(
  db: Queryable,
  user: UserSession,
  orgId: string,
): Promise<{ id: string; name: string; parentId: string }> {
  const [org] = await db.query<{ id: string; name: string; parent_id: string }>(
    'select id, name, parent_id from orgs where id = $1',
    [orgId],
  );
  if (!org) throw notFound(`The organization '${orgId}'`);
  const own = org.id === user.orgId;
  const child = isAdmin(user) && org.parent_id === user.orgId;
  if (!own && !child) throw forbidden(`You may not see the organization '${orgId}'.`);
  return { id: org.id, name: org.name, parentId: org.parent_id };
}
