import { contract } from '@ics/platform-contract';
import { findUser } from '../db/identity.ts';
import { addUser, deleteUsers } from '../db/users.ts';
import { requireVisibleOrg } from '../policy/policy.ts';
import { ApiError, notFound } from '../errors.ts';
import { checkRoles } from './identity.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/** Adding and deleting users on the management service: administrators only (PC-6.8). */
export function usersRoutes(router: ContractRouter, { db }: RouteDeps): void {
  const m = contract.users;

  router.add(m.addUser, async ({ body, session }) => {
    const org = await requireVisibleOrg(db, session.user, body.orgId ?? session.user.orgId);
    await checkRoles(db, org.id, body.roleIds);
    const id = await addUser(db, {
      orgId: org.id,
      userName: body.userName,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      timeZone: body.timeZone ?? 'UTC',
      roleIds: body.roleIds ?? [],
    });
    const user = await findUser(db, id);
    if (!user) throw notFound(`The user '${id}'`);
    return user;
  });

  router.add(m.deleteUsers, async ({ body, session }) => {
    if (body.userIds.includes(session.user.id)) {
      throw new ApiError(
        400,
        'VALIDATION',
        'body.userIds includes yourself; you cannot delete your own user.',
        [{ target: 'body.userIds', message: 'includes the signed-in user' }],
      );
    }
    // Every user is checked before anything is deleted: all of them go, or none.
    for (const userId of body.userIds) {
      const user = await findUser(db, userId);
      if (!user) throw notFound(`The user '${userId}'`);
      await requireVisibleOrg(db, session.user, user.orgId);
    }
    await deleteUsers(db, body.userIds);
    return { deletedIds: body.userIds };
  });
}
