import { contract, TIME_ZONES, type UserSession } from '@ics/platform-contract';
import type { Queryable } from '../db/database.ts';
import {
  findGroup,
  findProfile,
  findRole,
  findUser,
  listGroups,
  listOrgUsers,
  listRoles,
  orgAttribute,
  orgAttributes,
  pendingVerification,
  replaceUserRoles,
  sendVerification,
  updateUserFields,
} from '../db/identity.ts';
import { endUserSessions } from '../db/sessions.ts';
import {
  isAdmin,
  requireAnotherAdmin,
  requireVisibleOrg,
  visibleAttributes,
} from '../policy/policy.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { queryCollection, type Fields } from '../http/odata.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/**
 * Checks that every role id is a role of the organisation: 404 naming the unknown ones, as for
 * any reference to something that does not exist (decision 1160).
 */
export async function checkRoles(
  db: Queryable,
  orgId: string,
  roleIds: readonly string[] | undefined,
): Promise<void> {
  if (!roleIds) return;
  const known = new Set((await listRoles(db, orgId)).map((r) => r.id));
  const unknown = roleIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw notFound(`The role '${unknown.join("', '")}' of the organisation`);
  }
}

/** A user the caller may see (404 when there is none, 403 when in another organisation). */
async function visibleUser(db: Queryable, caller: UserSession, userId: string) {
  const user = await findUser(db, userId);
  if (!user) throw notFound(`The user '${userId}'`);
  await requireVisibleOrg(db, caller, user.orgId);
  return user;
}

const userFields: Fields<Awaited<ReturnType<typeof listOrgUsers>>[number]> = {
  id: (u) => u.id,
  userName: (u) => u.userName,
  firstName: (u) => u.firstName,
  lastName: (u) => u.lastName,
  displayName: (u) => u.displayName,
  email: (u) => u.email,
  emailVerified: (u) => u.emailVerified,
  state: (u) => u.state,
  timeZone: (u) => u.timeZone,
};
const groupFields: Fields<Awaited<ReturnType<typeof listGroups>>[number]> = {
  id: (g) => g.id,
  name: (g) => g.name,
  description: (g) => g.description,
};
const roleFields: Fields<Awaited<ReturnType<typeof listRoles>>[number]> = {
  id: (r) => r.id,
  name: (r) => r.name,
  description: (r) => r.description,
};

/** The identity service's directory, profile and email-verification calls. */
export function identityRoutes(router: ContractRouter, { db }: RouteDeps): void {
  const i = contract.identity;

  router.add(i.getUserProfile, async ({ session }) => {
    const profile = await findProfile(db, session.user.id);
    if (!profile) throw notFound('Your user');
    return profile;
  });

  router.add(i.updateUserProfile, async ({ body, session }) => {
    await updateUserFields(db, session.user.id, body);
    const profile = await findProfile(db, session.user.id);
    if (!profile) throw notFound('Your user');
    return profile;
  });

  router.add(i.getCurrentUserInfo, async ({ session }) => {
    const { user } = session;
    const org = await requireVisibleOrg(db, user, user.orgId);
    const roles = await listRoles(db, user.orgId);
    const own = (await findUser(db, user.id))?.roleIds ?? [];
    return {
      userId: user.id,
      userName: user.userName,
      displayName: user.displayName,
      orgId: user.orgId,
      orgName: org.name,
      currentOrgId: user.currentOrgId,
      parentOrgId: user.parentOrgId,
      isSubOrg: user.parentOrgId !== user.orgId,
      privileges: user.effectivePrivileges,
      roleNames: roles.filter((r) => own.includes(r.id)).map((r) => r.name),
    };
  });

  router.add(i.getOrg, async ({ params, query, session }) => {
    const org = await requireVisibleOrg(db, session.user, params.orgId);
    return {
      id: org.id,
      name: org.name,
      parentOrgId: org.parentId,
      ...(query.$expand === 'attributes'
        ? { attributes: visibleAttributes(session.user, await orgAttributes(db, org.id)) }
        : {}),
    };
  });

  router.add(i.getOrgUsers, async ({ params, query, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    return queryCollection(await listOrgUsers(db, params.orgId), query, userFields);
  });
  router.add(i.getOrgGroups, async ({ params, query, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    return queryCollection(await listGroups(db, params.orgId), query, groupFields);
  });
  router.add(i.getOrgRoles, async ({ params, query, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    return queryCollection(await listRoles(db, params.orgId), query, roleFields);
  });

  router.add(i.getUser, async ({ params, session }) =>
    visibleUser(db, session.user, params.userId),
  );

  router.add(i.updateUser, async ({ params, body, session }) => {
    const user = await visibleUser(db, session.user, params.userId);
    await checkRoles(db, user.orgId, body.roleIds);
    const { roleIds, ...fields } = body;
    const roles = await listRoles(db, user.orgId);
    const adminRole = (ids: readonly string[]) =>
      roles.some((r) => ids.includes(r.id) && r.privileges.includes('admin'));
    const wasAdmin = user.state === 'ACTIVE' && adminRole(user.roleIds);
    const staysAdmin =
      (fields.state ?? user.state) === 'ACTIVE' && adminRole(roleIds ?? user.roleIds);
    // A changed address is unverified until its owner confirms it.
    const verified =
      fields.email !== undefined && fields.email !== user.email ? { emailVerified: false } : {};
    await db.transaction(async (tx) => {
      await requireAnotherAdmin(tx, user, wasAdmin && !staysAdmin);
      await updateUserFields(tx, user.id, { ...fields, ...verified });
      if (roleIds) await replaceUserRoles(tx, user.id, roleIds);
      // A disabled user's sessions end: re-enabling them later brings none back.
      if (fields.state === 'DISABLED') await endUserSessions(tx, user.id);
    });
    return (await findUser(db, user.id)) ?? user;
  });

  router.add(i.getGroup, async ({ params, session }) => {
    const group = await findGroup(db, params.groupId);
    if (!group) throw notFound(`The group '${params.groupId}'`);
    await requireVisibleOrg(db, session.user, group.orgId);
    return group;
  });

  router.add(i.getRole, async ({ params, session }) => {
    const role = await findRole(db, params.roleId);
    if (!role) throw notFound(`The role '${params.roleId}'`);
    await requireVisibleOrg(db, session.user, role.orgId);
    return role;
  });
}

/** Time zones, configuration and e-mail verification. */
export function identitySettingsRoutes(router: ContractRouter, { db }: RouteDeps): void {
  const i = contract.identity;

  router.add(i.getTimeZones, async () => ({ value: [...TIME_ZONES] }));

  router.add(i.getConfigInfo, async ({ session }) => {
    const idle = Number(await orgAttribute(db, session.user.orgId, 'session.idleTimeoutSeconds'));
    return {
      sessionIdleTimeoutSeconds: Number.isInteger(idle) && idle > 0 ? idle : 1800,
      keepAlivePingIntervalSeconds: 600,
      emailVerificationRequired: true,
      passwordMinLength: 12,
    };
  });

  router.add(i.initEmailVerification, async ({ query, body, session }) => {
    const user = await findUser(db, session.user.id);
    if (!user) throw notFound('Your user');
    const pending = await pendingVerification(db, user.id);
    // The query arrives as text: the contract's boolean is sent as 'true' or 'false'.
    if (String(query.triggerOnly) === 'true') {
      const resendable =
        body.email === pending.email || (body.email === user.email && !user.emailVerified);
      if (!resendable) {
        throw conflict(
          `There is no verification to send again for '${body.email}'; start one with triggerOnly=false.`,
        );
      }
    } else if (body.email === user.email && user.emailVerified) {
      throw conflict(`'${body.email}' is verified already.`);
    }
    return sendVerification(db, user.id, body.email);
  });

  router.add(i.initEmailVerificationForUser, async ({ body, session }) => {
    const user = await visibleUser(db, session.user, body.userId);
    if (body.email === user.email && user.emailVerified) {
      throw conflict(`'${body.email}' is verified already.`);
    }
    return sendVerification(db, user.id, body.email);
  });

  router.add(i.getPendingVerification, async ({ session }) =>
    pendingVerification(db, session.user.id),
  );

  router.add(i.getPendingVerificationForUser, async ({ params, session }) => {
    if (params.userId !== session.user.id && !isAdmin(session.user)) {
      throw new ApiError(
        403,
        'FORBIDDEN',
        "Only an organization administrator may read another user's verification.",
      );
    }
    const user = await visibleUser(db, session.user, params.userId);
    return pendingVerification(db, user.id);
  });
}
