import {
  contract,
  nameKey,
  validateRepositoryName,
  type DocumentFilter,
  type Folder,
  type Paging,
  type Project,
  type RepositoryEntity,
  type UserSession,
} from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import {
  conflictingId,
  copyTree,
  effectiveAcl,
  ensureDefaultProject,
  findContainer,
  findEntity,
  freeName,
  insertEntity,
  isSelfOrDescendant,
  refuseConflict,
  selectEntities,
  subtreeSize,
  tagCarriers,
  toEntity,
  withRefs,
} from '../db/repository.ts';
import {
  permissionsOf,
  readableOnly,
  requireEntity,
  requirePermission,
  requireSubtree,
  requireTagControl,
} from '../policy/policy.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { checkNameRules, pageOf } from './kit.ts';
import { newId } from '../ids.ts';
import type { ContractRouter } from './router.ts';

const r = contract.repository;

const expandOf = (query: { $expand?: string }) => (query.$expand ?? '').split(',').filter(Boolean);

/** A page of entities; `T` narrows the type where the `where` clause already did (projects, folders). */
async function collection<T extends RepositoryEntity = RepositoryEntity>(
  db: Queryable,
  user: UserSession,
  where: string,
  params: unknown[],
  query: { $top?: unknown; $skip?: unknown; $count?: unknown },
) {
  const rows = await readableOnly(db, user, await selectEntities(db, user.orgId, where, params));
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
    return expandList.includes('refs') ? withRefs(q, entity) : entity;
  };

  router.add(r.getProjects, {}, async ({ session, query }) => {
    await ensureDefaultProject(db, session.user);
    return collection<Project>(db, session.user, "t.document_type = 'Project'", [], query);
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
      await tx.query(
        `update frs_entities set name = coalesce($2, name), name_key = coalesce($3, name_key),
           description = coalesce($4, description), native_data = coalesce($5, native_data), updated_at = now()
         where id = $1`,
        [
          id,
          body.name ?? null,
          body.name === undefined ? null : nameKey(body.name),
          body.description ?? null,
          body.nativeData === undefined ? null : JSON.stringify(body.nativeData),
        ],
      );
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
        `t.parent_id = $2 ${type === 'Project' ? "and t.document_type = 'Folder'" : ''}`,
        [params.id],
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
      const where: string[] = [
        documentsOnly ? "t.document_type not in ('Project', 'Folder')" : 'true',
      ];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length + 1}`));
      };
      if (query.documentType) add('t.document_type = ?', query.documentType);
      if (query.parentId) add('t.parent_id = ?', query.parentId);
      if (query.nameContains) add('strpos(t.name_key, ?) > 0', nameKey(query.nameContains));
      if (query.tag) {
        add(
          'exists (select 1 from frs_entity_tags et join frs_tags tg on tg.id = et.tag_id where et.entity_id = t.id and tg.name_key = ?)',
          nameKey(query.tag),
        );
      }
      return collection(db, session.user, where.join(' and '), params, query);
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
    let deleted = 0;
    for (const id of new Set(artifactIds)) {
      const row = await findEntity(tx, user.orgId, id).catch(() => undefined);
      if (!row) continue; // already gone with an ancestor deleted earlier in this call
      if (row.is_default) throw conflict("The organization's default project cannot be deleted.");
      await requirePermission(tx, user, row, 'delete');
      deleted += await subtreeSize(tx, id);
      await tx.query('delete from frs_entities where id = $1', [id]);
    }
    return deleted;
  };
  const requireAll = async (
    q: Queryable,
    user: UserSession,
    list: readonly string[],
    permission?: 'update',
  ) => {
    for (const id of list) {
      if (permission) await requireEntity(q, user, id, permission);
      else await findEntity(q, user.orgId, id);
    }
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
        await tx.query('update frs_entities set parent_id = $2, updated_at = now() where id = $1', [
          spec.id,
          target.id,
        ]);
      }
      return { value: await Promise.all(specs.map((s) => entityOf(tx, session.user, s.id))) };
    });
  });

  router.add(r.checkEntityList, {}, async ({ session, body }) => {
    const conflicts = [];
    const seen = new Map<string, number>();
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
        conflicts.push({
          index,
          name: n,
          documentType,
          reason: 'EXISTS' as const,
          existingId,
          message: `A ${documentType} named '${n}' exists already there.`,
        });
      }
    }
    return { conflicts };
  });

  const writeEntries = async (
    tx: Queryable,
    id: string,
    entries: readonly {
      principalType: string;
      principalId: string;
      permissions: readonly string[];
    }[],
  ) => {
    for (const e of entries) {
      await tx.query(
        `insert into frs_acl (entity_id, principal_type, principal_id, permissions) values ($1, $2, $3, $4)
         on conflict (entity_id, principal_type, principal_id) do update set permissions = excluded.permissions`,
        [id, e.principalType, e.principalId, JSON.stringify([...new Set(e.permissions)])],
      );
    }
  };
  router.add(r.updateEntityAccess, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const acls = [];
      for (const id of body.ids) {
        const row = await findEntity(tx, session.user.orgId, id);
        await requirePermission(tx, session.user, row, 'change_perm');
        await writeEntries(tx, id, body.entries);
        acls.push(await effectiveAcl(tx, id));
      }
      return acls;
    }),
  );
  router.add(r.updateAcl, {}, async ({ session, body }) =>
    db.transaction(async (tx) => {
      const row = await findEntity(tx, session.user.orgId, body.objectId);
      await requirePermission(tx, session.user, row, 'change_perm');
      await tx.query('delete from frs_acl where entity_id = $1', [body.objectId]);
      await writeEntries(tx, body.objectId, body.entries);
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

  const tags = async (q: Queryable, orgId: string) => ({
    value: (
      await q.query<{ id: string; name: string; description: string; usage_count: number }>(
        `select t.id, t.name, t.description, (select count(*)::int from frs_entity_tags et where et.tag_id = t.id) as usage_count
           from frs_tags t where t.org_id = $1 order by t.name_key`,
        [orgId],
      )
    ).map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      usageCount: t.usage_count,
    })),
  });
  router.add(r.getTags, {}, async ({ session }) => tags(db, session.user.orgId));
  router.add(r.updateTag, {}, async ({ session, params, body }) => {
    checkNameRules(body);
    return db.transaction(async (tx) => {
      const [tag] = await tx.query('select 1 from frs_tags where id = $1 and org_id = $2', [
        params.id,
        session.user.orgId,
      ]);
      if (!tag) throw notFound(`The tag '${params.id}'`);
      await requireTagControl(
        tx,
        session.user,
        await tagCarriers(tx, session.user.orgId, [params.id]),
      );
      if (body.name !== undefined) {
        const [other] = await tx.query(
          'select 1 from frs_tags where org_id = $1 and name_key = $2 and id <> $3',
          [session.user.orgId, nameKey(body.name), params.id],
        );
        if (other) throw conflict(`A tag named '${body.name}' exists already.`);
      }
      await tx.query(
        'update frs_tags set name = coalesce($2, name), name_key = coalesce($3, name_key), description = coalesce($4, description) where id = $1',
        [
          params.id,
          body.name ?? null,
          body.name === undefined ? null : nameKey(body.name),
          body.description ?? null,
        ],
      );
      const found = (await tags(tx, session.user.orgId)).value.find((t) => t.id === params.id);
      if (!found) throw notFound(`The tag '${params.id}'`);
      return found;
    });
  });
  router.add(r.updateTagAssignment, {}, async ({ session, body }) => {
    (body.assign ?? []).forEach((n, i) => checkNameRules({ name: n }, `body.assign.${i}`));
    return db.transaction(async (tx) => {
      await requireAll(tx, session.user, body.ids, 'update');
      for (const tagName of body.assign ?? []) {
        await tx.query(
          'insert into frs_tags (id, org_id, name, name_key) values ($1, $2, $3, $4) on conflict (org_id, name_key) do nothing',
          [newId(), session.user.orgId, tagName, nameKey(tagName)],
        );
        for (const id of body.ids) {
          await tx.query(
            'insert into frs_entity_tags (entity_id, tag_id) select $1, id from frs_tags where org_id = $2 and name_key = $3 on conflict do nothing',
            [id, session.user.orgId, nameKey(tagName)],
          );
        }
      }
      for (const tagName of body.unassign ?? []) {
        await tx.query(
          'delete from frs_entity_tags where entity_id = any($1) and tag_id in (select id from frs_tags where org_id = $2 and name_key = $3)',
          [body.ids, session.user.orgId, nameKey(tagName)],
        );
      }
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
      const rows = await tx.query(
        'delete from frs_tags where org_id = $1 and id = any($2) returning 1',
        [session.user.orgId, body.tagIds],
      );
      if (rows.length !== new Set(body.tagIds).size) throw notFound('One of the tags');
      return { deleted: rows.length };
    }),
  );

  const meteringTags = async (q: Queryable, orgId: string) => ({
    value: (
      await q.query<{ name: string; n: number }>(
        'select metering_tag as name, count(*)::int as n from frs_entities where org_id = $1 and metering_tag is not null group by metering_tag order by lower(metering_tag)',
        [orgId],
      )
    ).map((t) => ({ id: t.name, name: t.name, usageCount: t.n })),
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
      await tx.query(
        'update frs_entities set metering_tag = $2, updated_at = now() where id = any($1)',
        [body.ids, body.meteringTagName],
      );
      return meteringTags(tx, session.user.orgId);
    });
  });

  router.add(r.fetchDefaultLocation, {}, async ({ session }) => {
    const id = await ensureDefaultProject(db, session.user);
    return (await entityOf(db, session.user, id)) as Project;
  });
  router.add(r.fetchProjectStatForRecentEntity, {}, async ({ session }) => {
    await ensureDefaultProject(db, session.user);
    const rows = await readableOnly(db, session.user, await selectEntities(db, session.user.orgId));
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
    const rows = await selectEntities(db, 'SYS');
    const { top, skip } = pageOf(query);
    return { value: rows.slice(skip, skip + top).map((row) => toEntity(row)) };
  });
}
