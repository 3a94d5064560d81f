import {
  contract,
  type DocumentFilter,
  type Folder,
  type Paging,
  type Project,
  type UserSession,
} from '@ics/platform-contract';
import { findContainer, findEntity, listEntities, toEntity } from '../../db/repository/entities.ts';
import { refuseConflict } from '../../db/repository/names.ts';
import { ensureDefaultProject, insertEntity, updateEntity } from '../../db/repository/writes.ts';
import { readableOnly, requirePermission } from '../../policy/policy.ts';
import { notFound } from '../../errors.ts';
import { pageOf } from '../../http/kit.ts';
import type { Database } from '../../db/database.ts';
import type { RouteDeps } from '../../http/routeGroup.ts';
import type { ContractRouter } from '../../http/router.ts';
import { collection, entityOf, expandOf } from './answers.ts';

const r = contract.repository;

/** Changes a project, folder or document: 'update' on it, and its new name free beside it. */
const update = async (
  db: Database,
  user: UserSession,
  id: string,
  type: 'Project' | 'Folder' | 'Document',
  body: { name?: string; description?: string; nativeData?: Record<string, unknown> },
) => {
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

/** The children of a project or folder: 'read' on the parent. */
const children =
  (db: Database, type: string | null) =>
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

/** Documents (or all entities) by the query's filter, readable ones only. */
const filtered =
  (db: Database, documentsOnly: boolean) =>
  async ({ session, query }: { session: { user: UserSession }; query: DocumentFilter }) => {
    await ensureDefaultProject(db, session.user);
    const { documentType, parentId, nameContains, tag } = query;
    const filter = { documentsOnly, documentType, parentId, nameContains, tag };
    return collection(db, session.user, filter, query);
  };

/** Projects, folders and documents: list, read, create, change. */
export function repositoryEntityRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(r.getProjects, async ({ session, query }) => {
    await ensureDefaultProject(db, session.user);
    return collection<Project>(db, session.user, { documentType: 'Project' }, query);
  });

  router.add(r.createProject, async ({ session, body }) => {
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

  router.add(
    r.updateProject,
    async ({ session, params, body }) =>
      (await update(db, session.user, params.id, 'Project', body)) as Project,
  );
  router.add(
    r.updateFolder,
    async ({ session, params, body }) =>
      (await update(db, session.user, params.id, 'Folder', body)) as Folder,
  );
  router.add(r.updateDocument, async ({ session, params, body }) =>
    update(db, session.user, params.id, 'Document', body),
  );

  router.add(r.getProjectFolders, async (c) => {
    const page = await children(db, 'Project')(c);
    return { ...page, value: page.value as Folder[] };
  });
  router.add(r.getProjectBaseEntities, (c) => children(db, null)(c));
  router.add(r.getFolderBaseEntities, (c) => children(db, 'Folder')(c));

  router.add(r.createFolder, async ({ session, params, body }) => {
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

  router.add(r.getDocuments, filtered(db, true));
  router.add(r.getBaseEntities, filtered(db, false));

  router.add(r.getDocument, async ({ session, params, query }) => {
    const entity = await entityOf(db, session.user, params.id, expandOf(query));
    if (['Project', 'Folder'].includes(entity.documentType))
      throw notFound(`The document '${params.id}'`);
    return entity;
  });
  router.add(r.getBaseEntity, async ({ session, params, query }) =>
    entityOf(db, session.user, params.id, expandOf(query)),
  );

  router.add(r.fetchDefaultLocation, async ({ session }) => {
    const id = await ensureDefaultProject(db, session.user);
    return (await entityOf(db, session.user, id)) as Project;
  });
  router.add(r.fetchProjectStatForRecentEntity, async ({ session }) => {
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
  router.add(r.getSystemDocuments, async ({ query }) => {
    const rows = await listEntities(db, 'SYS');
    const { top, skip } = pageOf(query);
    return { value: rows.slice(skip, skip + top).map((row) => toEntity(row)) };
  });
}
