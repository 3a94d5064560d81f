import { randomBytes } from 'node:crypto';
import { contract } from '@ics/platform-contract';
import type { Database } from '../db/database.ts';
import { findUser, replaceUserRoles, userNameTaken } from '../db/identity.ts';
import { requireVisibleOrg } from '../policy/policy.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { checkRoles, checkTimeZone } from './identity.ts';
import type { ContractRouter } from './router.ts';

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A 15-character user id like the seeded ones (PC-9.6): `usr-` and 11 random characters. */
const newUserId = () =>
  `usr-${[...randomBytes(11)].map((b) => alphabet[b % alphabet.length]).join('')}`;

/** Adding and deleting users on the management service: administrators only (PC-6.8). */
export function usersRoutes(router: ContractRouter, db: Database): void {
  const m = contract.users;

  router.add(m.addUser, {}, async ({ body, session }) => {
    const org = await requireVisibleOrg(db, session.user, body.orgId ?? session.user.orgId);
    checkTimeZone('body.timeZone', body.timeZone);
    await checkRoles(db, org.id, body.roleIds);
    const roleIds = body.roleIds ?? [];
    const id = newUserId();
    await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into users (id, org_id, user_name, display_name, email, persona_order,
                            first_name, last_name, time_zone, email_verified)
         values ($1, $2, $3, $4, $5, 1000, $6, $7, $8, false)
         on conflict (user_name) do nothing returning 1`,
        [
          id,
          org.id,
          body.userName,
          `${body.firstName} ${body.lastName}`,
          body.email,
          body.firstName,
          body.lastName,
          body.timeZone ?? 'UTC',
        ],
      );
      if (inserted.length === 0 || (await userNameTaken(tx, body.userName, id)))
        throw conflict(`A user named '${body.userName}' exists already.`);
      await replaceUserRoles(tx, id, roleIds);
      // A new user verifies their address before using it.
      await tx.query('insert into email_verifications (user_id, email) values ($1, $2)', [
        id,
        body.email,
      ]);
    });
    const user = await findUser(db, id);
    if (!user) throw notFound(`The user '${id}'`);
    return user;
  });

  router.add(m.deleteUsers, {}, async ({ body, session }) => {
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
    await db.transaction(async (tx) => {
      await tx.query(
        `delete from preferences where owner_kind = 'user' and owner_id = any($1::text[])`,
        [body.userIds],
      );
      await tx.query('delete from users where id = any($1::text[])', [body.userIds]);
    });
    return { deletedIds: body.userIds };
  });
}
