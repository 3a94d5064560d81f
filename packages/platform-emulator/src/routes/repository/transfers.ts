import {
  contract,
  nameKey,
  validateRepositoryName,
  type UserSession,
} from '@ics/platform-contract';
import type { Queryable } from '../../db/database.ts';
import { entityKinds, findContainer, findEntity } from '../../db/repository/entities.ts';
import { conflictingIds, refuseConflict } from '../../db/repository/names.ts';
import { copyTrees, isSelfOrDescendant, selfAndAncestors } from '../../db/repository/trees.ts';
import { moveEntity } from '../../db/repository/writes.ts';
import {
  requireEntities,
  requirePermission,
  requireSubtrees,
  unreadableIds,
} from '../../policy/policy.ts';
import { ApiError, conflict, notFound } from '../../errors.ts';
import type { RouteDeps } from '../../http/routeGroup.ts';
import type { ContractRouter } from '../../http/router.ts';
import { deleteAll, entitiesOf, entityOf, requireAll } from './answers.ts';
import { planCopies, type CopyRequest } from './copying.ts';

const r = contract.repository;

/**
 * The names of a bulk create that would fail, each with its reason; nothing is written. A few
 * queries whatever the list's length: the containers and their ACLs, the names, the ACLs of
 * the objects found.
 */
async function nameConflicts(
  db: Queryable,
  user: UserSession,
  entityList: readonly { name: string; documentType: string; parentId?: string | null }[],
) {
  // The list asks what a container holds: 'read' on each container named, once.
  const parents = new Set(entityList.map((c) => c.parentId ?? ''));
  parents.delete('');
  await requireEntities(db, user, [...parents], 'read');
  // Each valid name is looked up once per container and type; a later equal one is a DUPLICATE.
  const firsts = new Map<
    string,
    { index: number; parentId: string | null; name: string; documentType: string }
  >();
  const earlier = entityList.map((c, index) => {
    if (validateRepositoryName(c.name)) return undefined;
    const key = `${c.parentId ?? ''}\u0000${c.documentType}\u0000${nameKey(c.name)}`;
    const first = firsts.get(key);
    if (!first) firsts.set(key, { ...c, index, parentId: c.parentId ?? null });
    return first?.index;
  });
  const lookedUp = [...firsts.values()];
  const found = await conflictingIds(db, user.orgId, lookedUp);
  const existing = new Map(lookedUp.map((c, i) => [c.index, found[i]]));
  // The name is taken either way; the id is shown only to whom may read the object.
  const unreadable = await unreadableIds(
    db,
    user,
    found.filter((id) => id !== undefined),
  );
  const conflicts = [];
  for (const [index, { name: n, documentType }] of entityList.entries()) {
    const problem = validateRepositoryName(n);
    const first = earlier[index];
    const existingId = existing.get(index);
    if (problem)
      conflicts.push({
        index,
        name: n,
        documentType,
        reason: 'INVALID_NAME' as const,
        message: problem,
      });
    else if (first !== undefined)
      conflicts.push({
        index,
        name: n,
        documentType,
        reason: 'DUPLICATE' as const,
        message: `'${n}' appears already at position ${first}.`,
      });
    else if (existingId)
      conflicts.push({
        index,
        name: n,
        documentType,
        reason: 'EXISTS' as const,
        ...(unreadable.has(existingId) ? {} : { existingId }),
        message: `A ${documentType} named '${n}' exists already there.`,
      });
  }
  return { conflicts };
}

/** Deleting, copying and moving entities, and checking names before a bulk create. */
export function repositoryTransferRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(r.deleteBaseEntity, async ({ session, params }) => {
    await db.transaction(async (tx) => {
      await requireAll(tx, session.user, [params.id]);
      await deleteAll(tx, session.user, [params.id]);
    });
  });
  router.add(r.deleteEntities, async ({ session, body }) =>
    db.transaction(async (tx) => {
      // Every id must exist before anything goes: one bad id leaves the tree unchanged.
      await requireAll(tx, session.user, body.artifactIds);
      return { deleted: await deleteAll(tx, session.user, body.artifactIds) };
    }),
  );

  router.add(r.copyProjects, async ({ session, body }) => {
    const specs = body.xferSpec.sourceSpecArr;
    return db.transaction(async (tx) => {
      const sources = await entityKinds(
        tx,
        session.user.orgId,
        specs.map((s) => s.id),
      );
      const requests = specs.map((spec): CopyRequest => {
        const source = sources.get(spec.id);
        if (!source) return { refusal: notFound(`The repository entity '${spec.id}'`) };
        if (source.documentType !== 'Project')
          return {
            refusal: new ApiError(
              400,
              'VALIDATION',
              `'${source.name}' is not a project; use CopyEntities.`,
            ),
          };
        return { sourceId: spec.id, ...source, given: spec.name };
      });
      const planned = await planCopies(tx, session.user.orgId, null, requests, (ids) =>
        requireSubtrees(tx, session.user, ids, 'read'),
      );
      const copies = await copyTrees(tx, session.user, null, planned);
      return { value: await entitiesOf(tx, session.user, copies) };
    });
  });

  router.add(r.copyEntities, async ({ session, body }) => {
    const { targetLocationId, sourceSpecArr: specs } = body.xferSpec;
    return db.transaction(async (tx) => {
      const target = await findContainer(tx, session.user.orgId, targetLocationId);
      await requirePermission(tx, session.user, target, 'update');
      const sources = await entityKinds(
        tx,
        session.user.orgId,
        specs.map((s) => s.id),
      );
      // The target and everything it lies under: no source may be one of them.
      const lineage = await selfAndAncestors(tx, target.id);
      const requests = specs.map((spec): CopyRequest => {
        const source = sources.get(spec.id);
        if (!source) return { refusal: notFound(`The repository entity '${spec.id}'`) };
        if (source.documentType === 'Project')
          return {
            refusal: new ApiError(
              400,
              'VALIDATION',
              `'${source.name}' is a project; use CopyProjects.`,
            ),
          };
        if (lineage.has(spec.id))
          return {
            refusal: conflict(
              `'${source.name}' cannot be copied into itself or one of its descendants.`,
            ),
          };
        return { sourceId: spec.id, ...source, given: spec.name };
      });
      const planned = await planCopies(tx, session.user.orgId, target.id, requests, (ids) =>
        requireSubtrees(tx, session.user, ids, 'read'),
      );
      const copies = await copyTrees(tx, session.user, target.id, planned);
      return { value: await entitiesOf(tx, session.user, copies) };
    });
  });

  router.add(r.moveEntities, async ({ session, body }) => {
    const { targetLocationId, sourceSpecArr: specs } = body.xferSpec;
    return db.transaction(async (tx) => {
      const target = await findContainer(tx, session.user.orgId, targetLocationId);
      await requirePermission(tx, session.user, target, 'update');
      for (const spec of specs) {
        const source = await findEntity(tx, session.user.orgId, spec.id);
        if (source.document_type === 'Project')
          throw new ApiError(
            400,
            'VALIDATION',
            `'${source.name}' is a project; projects cannot be moved.`,
          );
        if (await isSelfOrDescendant(tx, spec.id, targetLocationId)) {
          throw conflict(`'${source.name}' cannot be moved into itself or one of its descendants.`);
        }
        await requirePermission(tx, session.user, source, 'update');
        await refuseConflict(
          tx,
          session.user.orgId,
          target.id,
          source.name,
          source.document_type,
          source.id,
        );
        await moveEntity(tx, spec.id, target.id);
      }
      return { value: await Promise.all(specs.map((s) => entityOf(tx, session.user, s.id))) };
    });
  });

  router.add(r.checkEntityList, async ({ session, body }) =>
    nameConflicts(db, session.user, body.entityList),
  );
}
