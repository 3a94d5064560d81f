import { contract, validateEntityAccessSize } from '@ics/platform-contract';
import {
  clearAcl,
  effectiveAcl,
  ownAcls,
  writeAclEntries,
  writeAclEntriesOfAll,
} from '../../db/acl.ts';
import { findContainer, findEntity } from '../../db/repository/entities.ts';
import { badRequest } from '../../errors.ts';
import {
  permissionsOf,
  requireEntity,
  requirePermission,
  requirePermissionOnAll,
} from '../../policy/policy.ts';
import type { RouteDeps } from '../../http/routeGroup.ts';
import type { ContractRouter } from '../../http/router.ts';
import { heldAll } from './answers.ts';

const r = contract.repository;

/** Access control lists and the permissions they give. */
export function repositoryAccessRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(r.updateEntityAccess, async ({ session, body }) => {
    const tooMany = validateEntityAccessSize(body.ids.length, body.entries.length);
    if (tooMany) throw badRequest('entries', tooMany); // before any query (decision 0965)
    return db.transaction(async (tx) => {
      // Each id looked up once, in one query; the entries written in one statement.
      const rows = await heldAll(tx, session.user, body.ids);
      await requirePermissionOnAll(tx, session.user, rows, 'change_perm');
      await writeAclEntriesOfAll(tx, body.ids, body.entries);
      // Each now carries entries of its own: its effective ACL is its own, read in one query.
      return ownAcls(tx, body.ids);
    });
  });
  router.add(r.updateAcl, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const row = await findEntity(tx, session.user.orgId, body.objectId);
      await requirePermission(tx, session.user, row, 'change_perm');
      await clearAcl(tx, body.objectId);
      await writeAclEntries(tx, body.objectId, body.entries);
      return effectiveAcl(tx, body.objectId);
    }),
  );
  router.add(r.getAcl, async ({ session, query }) => {
    await requireEntity(db, session.user, query.id, 'read');
    return effectiveAcl(db, query.id);
  });
  router.add(r.getPermission, async ({ session, query }) => {
    const row = await findEntity(db, session.user.orgId, query.id);
    return { objectId: row.id, permissions: await permissionsOf(db, session.user, row) };
  });
  router.add(r.getEffPrivilegeForDoctypeContainer, async ({ session, body }) => {
    const container = await findContainer(db, session.user.orgId, body.containerId);
    const permissions = await permissionsOf(db, session.user, container);
    // Projects live at the top; folders go in projects; documents anywhere.
    const placeable =
      body.documentType !== 'Project' &&
      !(body.documentType === 'Folder' && container.document_type !== 'Project');
    return { ...body, permissions, canCreate: placeable && permissions.includes('update') };
  });
}
