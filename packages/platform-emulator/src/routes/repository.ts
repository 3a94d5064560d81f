import {
  contract,
  nameKey,
  validateEntityAccessSize,
  validateRepositoryName,
  type DocumentFilter,
  type Folder,
  type Paging,
  type Project,
  type RepositoryEntity,
  type UserSession,
} from '@ics/platform-contract';
import {
  clearAcl,
  effectiveAcl,
  ownAcls,
  writeAclEntries,
  writeAclEntriesOfAll,
} from '../db/acl.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  conflictingId,
  copyTree,
  deleteEntities,
  ensureDefaultProject,
  entityHeads,
  findContainer,
  findEntity,
  freeName,
  insertEntity,
  isSelfOrDescendant,
  listEntities,
  moveEntity,
  refuseConflict,
  subtreeSize,
  tagCarriers,
  toEntity,
  updateEntity,
  withRefs,
  type EntityFilter,
} from '../db/repository.ts';
import {
  assignTag,
  deleteTags,
  listMeteringTags,
  listTags,
  setMeteringTag,
  tagExists,
  tagNameTaken,
  unassignTag,
  updateTag,
} from '../db/tags.ts';
import {
  permissionsOf,
  readableOnly,
  requireEntity,
  requirePermission,
  requirePermissionOnAll,
  requireSubtree,
  requireTagControl,
  unreadableIds,
} from '../policy/policy.ts';
import { ApiError, badRequest, conflict, notFound } from '../errors.ts';
import { checkNameRules, pageOf } from './kit.ts';
import type { ContractRouter } from './router.ts';

const r = contract.repository;

const expandOf = (query: { $expand?: string }) => (query.$expand ?? '').split(',').filter(Boolean);

/** A page of entities; `T` narrows the type where the `where` clause already did (projects, folders). */
async function collection<T extends RepositoryEntity = RepositoryEntity>(
  db: Queryable,
  user: UserSession,
  filter: EntityFilter,
  query: { $top?: unknown; $skip?: unknown; $count?: unknown },
) {
  const rows = await readableOnly(db, user, await listEntities(db, user.orgId, filter));
  const { top, skip } = pageOf(query);
  return {
    value: rows.slice(skip, skip + top).map((row) => toEntity(row) as T),
    ...(query.$count === true ? { '@odata.count': rows.length } : {}),
  };
}

export function repositoryRoutes(router: ContractRouter, db: Database): void {
  const entityOf = async (
    q: Queryable,
    user: UserSession,
    id: string,
    expandList: string[] = [],
  ) => {
    const entity = toEntity(await requireEntity(q, user, id, 'read'), expandList);
    if (!expandList.includes('refs')) return entity;
    // References name other objects: only those the user may read.
    const full = await withRefs(q, entity);
    const ids = [...(full.inboundRefs ?? []), ...(full.outboundRefs ?? [])].map((e) => e.id);
    const hidden = await unreadableIds(q, user, ids);
    return {
      ...full,
      inboundRefs: full.inboundRefs?.filter((e) => !hidden.has(e.id)),
      outboundRefs: full.outboundRefs?.filter((e) => !hidden.has(e.id)),
    };
  };

  router.add(r.getProjects, {}, async ({ session, query }) => {
    await ensureDefaultProject(db, session.user);
    return collection<Project>(db, session.user, { documentType: 'Project' }, query);
  });

  router.add(r.createProject, {}, async ({ session, body }) => {
    checkNameRules(body);
    return db.transaction(async (tx) => {
      const id = await insertEntity(tx, {
        orgId: session.user.orgId,
        ownerId: session.user.id,
        name: body.name,
        documentType: 'Project',
        parentId: null,
        description: body.description,
      });
      return (await entityOf(tx, session.user, id)) as Project;
    });
  });

  const update = async (
    user: UserSession,
    id: string,
    type: 'Project' | 'Folder' | 'Document',
    body: { name?: string; description?: string; nativeData?: Record<string, unknown> },
  ) => {
    checkNameRules(body);
    return db.transaction(async (tx) => {
      const row = await findEntity(tx, user.orgId, id);
      if (
        type === 'Document'
          ? ['Project', 'Folder'].includes(row.document_type)
          : row.document_type !== type
      ) {
        throw notFound(`The ${type.toLowerCase()} '${id}'`);
      }
      await requirePermission(tx, user, row, 'update');
      if (body.name !== undefined) {
        await refuseConflict(tx, user.orgId, row.parent_id, body.name, row.document_type, id);
      }
      await updateEntity(tx, id, body);
      return entityOf(tx, user, id);
    });
  };
  router.add(
    r.updateProject,
    {},
    async ({ session, params, body }) =>
      (await update(session.user, params.id, 'Project', body)) as Project,
  );
  router.add(
    r.updateFolder,
    {},
    async ({ session, params, body }) =>
      (await update(session.user, params.id, 'Folder', body)) as Folder,
  );
  router.add(r.updateDocument, {}, async ({ session, params, body }) =>
    update(session.user, params.id, 'Document', body),
  );

  const children =
    (type: string | null) =>
    async ({
      session,
      params,
      query,
    }: {
      session: { user: UserSession };
      params: { id: string };
      query: Paging;
    }) => {
      const parent = await findContainer(db, session.user.orgId, params.id);
      await requirePermission(db, session.user, parent, 'read');
      if (type === 'Project' && parent.document_type !== 'Project')
        throw notFound(`The project '${params.id}'`);
      if (type === 'Folder' && parent.document_type !== 'Folder')
        throw notFound(`The folder '${params.id}'`);
      return collection(
        db,
        session.user,
        { parentId: params.id, ...(type === 'Project' ? { documentType: 'Folder' } : {}) },
        query,
      );
    };
  router.add(r.getProjectFolders, {}, async (c) => {
    const page = await children('Project')(c);
    return { ...page, value: page.value as Folder[] };
  });
  router.add(r.getProjectBaseEntities, {}, (c) => children(null)(c));
  router.add(r.getFolderBaseEntities, {}, (c) => children('Folder')(c));

  router.add(r.createFolder, {}, async ({ session, params, body }) => {
    checkNameRules(body);
    return db.transaction(async (tx) => {
      const project = await findEntity(tx, session.user.orgId, params.id);
      if (project.document_type !== 'Project') throw notFound(`The project '${params.id}'`);
      await requirePermission(tx, session.user, project, 'update');
      const id = await insertEntity(tx, {
        orgId: session.user.orgId,
        ownerId: session.user.id,
        name: body.name,
        documentType: 'Folder',
        parentId: params.id,
        description: body.description,
      });
      return (await entityOf(tx, session.user, id)) as Folder;
    });
  });

  const filtered =
    (documentsOnly: boolean) =>
    async ({ session, query }: { session: { user: UserSession }; query: DocumentFilter }) => {
      await ensureDefaultProject(db, session.user);
      const { documentType, parentId, nameContains, tag } = query;
      const filter = { documentsOnly, documentType, parentId, nameContains, tag };
      return collection(db, session.user, filter, query);
    };
  router.add(r.getDocuments, {}, filtered(true));
  router.add(r.getBaseEntities, {}, filtered(false));

  router.add(r.getDocument, {}, async ({ session, params, query }) => {
    const entity = await entityOf(db, session.user, params.id, expandOf(query));
    if (['Project', 'Folder'].includes(entity.documentType))
      throw notFound(`The document '${params.id}'`);
    return entity;
  });
  router.add(r.getBaseEntity, {}, async ({ session, params, query }) =>
    entityOf(db, session.user, params.id, expandOf(query)),
  );

  const deleteAll = async (tx: Queryable, user: UserSession, artifactIds: readonly string[]) => {
    // One lookup, one count and one delete for the whole list (an entity under another one of
    // the list is counted once).
    const rows = await entityHeads(tx, user.orgId, artifactIds);
    if (rows.some((row) => row.is_default))
      throw conflict("The organization's default project cannot be deleted.");
    await requirePermissionOnAll(tx, user, rows, 'delete');
    const ids = rows.map((row) => row.id);
    const deleted = await subtreeSize(tx, ids);
    await deleteEntities(tx, ids);
    return deleted;
  };
  const requireAll = async (
    q: Queryable,
    user: UserSession,
    list: readonly string[],
    permission?: 'update',
  ) => {
    if (!permission) await heldAll(q, user, list);
    else for (const id of list) await requireEntity(q, user, id, permission);
  };
  /** The entities of the list (ids, names, owners), looked up in one query; 404 for the first missing. */
  const heldAll = async (q: Queryable, user: UserSession, list: readonly string[]) => {
    const rows = await entityHeads(q, user.orgId, list);
    const held = new Set(rows.map((row) => row.id));
    const missing = list.find((id) => !held.has(id));
    if (missing !== undefined) throw notFound(`The repository entity '${missing}'`);
    return rows;
  };
  router.add(r.deleteBaseEntity, {}, async ({ session, params }) => {
    await db.transaction(async (tx) => {
      await requireAll(tx, session.user, [params.id]);
      await deleteAll(tx, session.user, [params.id]);
    });
  });
  router.add(r.deleteEntities, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      // Every id must exist before anything goes: one bad id leaves the tree unchanged.
      await requireAll(tx, session.user, body.artifactIds);
      return { deleted: await deleteAll(tx, session.user, body.artifactIds) };
    }),
  );

  router.add(r.copyProjects, {}, async ({ session, body }) => {
    body.xferSpec.sourceSpecArr.forEach((s, i) =>
      checkNameRules({ name: s.name }, `body.xferSpec.sourceSpecArr.${i}`),
    );
    return db.transaction(async (tx) => {
      const copies: string[] = [];
      for (const spec of body.xferSpec.sourceSpecArr) {
        const source = await findEntity(tx, session.user.orgId, spec.id);
        if (source.document_type !== 'Project')
          throw new ApiError(
            400,
            'VALIDATION',
            `'${source.name}' is not a project; use CopyEntities.`,
          );
        await requireSubtree(tx, session.user, spec.id, 'read');
        const target =
          spec.name ?? (await freeName(tx, session.user.orgId, null, source.name, 'Project'));
        copies.push(await copyTree(tx, session.user, spec.id, null, target));
      }
      return { value: await Promise.all(copies.map((id) => entityOf(tx, session.user, id))) };
    });
  });

  router.add(r.copyEntities, {}, async ({ session, body }) => {
    const { targetLocationId, sourceSpecArr: specs } = body.xferSpec;
    specs.forEach((s, i) => checkNameRules({ name: s.name }, `body.xferSpec.sourceSpecArr.${i}`));
    return db.transaction(async (tx) => {
      const target = await findContainer(tx, session.user.orgId, targetLocationId);
      await requirePermission(tx, session.user, target, 'update');
      const copies: string[] = [];
      for (const spec of specs) {
        const source = await findEntity(tx, session.user.orgId, spec.id);
        if (source.document_type === 'Project')
          throw new ApiError(400, 'VALIDATION', `'${source.name}' is a project; use CopyProjects.`);
        if (await isSelfOrDescendant(tx, spec.id, targetLocationId)) {
          throw conflict(
            `'${source.name}' cannot be copied into itself or one of its descendants.`,
          );
        }
        await requireSubtree(tx, session.user, spec.id, 'read');
        const wanted =
          spec.name ??
          (await freeName(tx, session.user.orgId, target.id, source.name, source.document_type));
        copies.push(await copyTree(tx, session.user, spec.id, target.id, wanted));
      }
      return { value: await Promise.all(copies.map((id) => entityOf(tx, session.user, id))) };
    });
  });

  router.add(r.moveEntities, {}, async ({ session, body }) => {
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

  router.add(r.checkEntityList, {}, async ({ session, body }) => {
    const conflicts = [];
    const seen = new Map<string, number>();
    // The list asks what a container holds: 'read' on each container named, once.
    for (const parentId of new Set(body.entityList.map((c) => c.parentId)))
      if (parentId) await requireEntity(db, session.user, parentId, 'read');
    for (const [index, candidate] of body.entityList.entries()) {
      const { name: n, documentType } = candidate;
      const problem = validateRepositoryName(n);
      if (problem) {
        conflicts.push({
          index,
          name: n,
          documentType,
          reason: 'INVALID_NAME' as const,
          message: problem,
        });
        continue;
      }
      const key = `${candidate.parentId ?? ''}\u0000${documentType}\u0000${nameKey(n)}`;
      const first = seen.get(key);
      if (first !== undefined) {
        conflicts.push({
          index,
          name: n,
          documentType,
          reason: 'DUPLICATE' as const,
          message: `'${n}' appears already at position ${first}.`,
        });
        continue;
      }
      seen.set(key, index);
      const existingId = await conflictingId(
        db,
        session.user.orgId,
        candidate.parentId ?? null,
        n,
        documentType,
      );
      if (existingId) {
        // The name is taken either way; the id is shown only to whom may read the object.
        const readable = !(await unreadableIds(db, session.user, [existingId])).has(existingId);
        conflicts.push({
          index,
          name: n,
          documentType,
          reason: 'EXISTS' as const,
          ...(readable ? { existingId } : {}),
          message: `A ${documentType} named '${n}' exists already there.`,
        });
      }
    }
    return { conflicts };
  });

  router.add(r.updateEntityAccess, {}, async ({ session, body }) => {
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
  router.add(r.updateAcl, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const row = await findEntity(tx, session.user.orgId, body.objectId);
      await requirePermission(tx, session.user, row, 'change_perm');
      await clearAcl(tx, body.objectId);
      await writeAclEntries(tx, body.objectId, body.entries);
      return effectiveAcl(tx, body.objectId);
    }),
  );
  router.add(r.getAcl, {}, async ({ session, query }) => {
    await requireEntity(db, session.user, query.id, 'read');
    return effectiveAcl(db, query.id);
  });
  router.add(r.getPermission, {}, async ({ session, query }) => {
    const row = await findEntity(db, session.user.orgId, query.id);
    return { objectId: row.id, permissions: await permissionsOf(db, session.user, row) };
  });
  router.add(r.getEffPrivilegeForDoctypeContainer, {}, async ({ session, body }) => {
    const container = await findContainer(db, session.user.orgId, body.containerId);
    const permissions = await permissionsOf(db, session.user, container);
    // Projects live at the top; folders go in projects; documents anywhere.
    const placeable =
      body.documentType !== 'Project' &&
      !(body.documentType === 'Folder' && container.document_type !== 'Project');
    return { ...body, permissions, canCreate: placeable && permissions.includes('update') };
  });

  const tags = async (q: Queryable, orgId: string) => ({ value: await listTags(q, orgId) });
  router.add(r.getTags, {}, async ({ session }) => tags(db, session.user.orgId));
  router.add(r.updateTag, {}, async ({ session, params, body }) => {
    checkNameRules(body);
    return db.transaction(async (tx) => {
      if (!(await tagExists(tx, session.user.orgId, params.id)))
        throw notFound(`The tag '${params.id}'`);
      await requireTagControl(
        tx,
        session.user,
        await tagCarriers(tx, session.user.orgId, [params.id]),
      );
      if (body.name !== undefined) {
        if (await tagNameTaken(tx, session.user.orgId, body.name, params.id))
          throw conflict(`A tag named '${body.name}' exists already.`);
      }
      await updateTag(tx, params.id, body);
      const found = (await tags(tx, session.user.orgId)).value.find((t) => t.id === params.id);
      if (!found) throw notFound(`The tag '${params.id}'`);
      return found;
    });
  });
  router.add(r.updateTagAssignment, {}, async ({ session, body }) => {
    (body.assign ?? []).forEach((n, i) => checkNameRules({ name: n }, `body.assign.${i}`));
    return db.transaction(async (tx) => {
      await requireAll(tx, session.user, body.ids, 'update');
      for (const tagName of body.assign ?? [])
        await assignTag(tx, session.user.orgId, body.ids, tagName);
      for (const tagName of body.unassign ?? [])
        await unassignTag(tx, session.user.orgId, body.ids, tagName);
      return tags(tx, session.user.orgId);
    });
  });
  router.add(r.deleteTagEntities, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      await requireTagControl(
        tx,
        session.user,
        await tagCarriers(tx, session.user.orgId, body.tagIds),
      );
      const deleted = await deleteTags(tx, session.user.orgId, body.tagIds);
      if (deleted !== new Set(body.tagIds).size) throw notFound('One of the tags');
      return { deleted };
    }),
  );

  const meteringTags = async (q: Queryable, orgId: string) => ({
    value: await listMeteringTags(q, orgId),
  });
  router.add(r.getMeteringTags, {}, async ({ session }) => meteringTags(db, session.user.orgId));
  router.add(r.getMeteringTagNames, {}, async ({ session }) =>
    (await meteringTags(db, session.user.orgId)).value.map((t) => t.name),
  );
  router.add(r.updateMeteringTagAssignment, {}, async ({ session, body }) => {
    if (body.meteringTagName !== null)
      checkNameRules({ name: body.meteringTagName }, 'body.meteringTagName');
    return db.transaction(async (tx) => {
      await requireAll(tx, session.user, body.ids, 'update');
      await setMeteringTag(tx, body.ids, body.meteringTagName);
      return meteringTags(tx, session.user.orgId);
    });
  });

  router.add(r.fetchDefaultLocation, {}, async ({ session }) => {
    const id = await ensureDefaultProject(db, session.user);
    return (await entityOf(db, session.user, id)) as Project;
  });
  router.add(r.fetchProjectStatForRecentEntity, {}, async ({ session }) => {
    await ensureDefaultProject(db, session.user);
    const rows = await readableOnly(db, session.user, await listEntities(db, session.user.orgId));
    const stats = new Map<
      string,
      { projectId: string; projectName: string; entityCount: number; lastUpdatedTime: string }
    >();
    for (const row of rows) {
      const projectName = row.path.split('/')[1] ?? '';
      const project = rows.find(
        (p) => p.document_type === 'Project' && p.path === `/${projectName}`,
      );
      if (!project) continue;
      const stat = stats.get(project.id) ?? {
        projectId: project.id,
        projectName,
        entityCount: 0,
        lastUpdatedTime: new Date(project.updated_at).toISOString(),
      };
      if (row.id !== project.id) stat.entityCount += 1;
      const updated = new Date(row.updated_at).toISOString();
      if (updated > stat.lastUpdatedTime) stat.lastUpdatedTime = updated;
      stats.set(project.id, stat);
    }
    return {
      value: [...stats.values()].sort((a, b) => b.lastUpdatedTime.localeCompare(a.lastUpdatedTime)),
    };
  });
  router.add(r.getSystemDocuments, {}, async ({ query }) => {
    const rows = await listEntities(db, 'SYS');
    const { top, skip } = pageOf(query);
    return { value: rows.slice(skip, skip + top).map((row) => toEntity(row)) };
  });
}
