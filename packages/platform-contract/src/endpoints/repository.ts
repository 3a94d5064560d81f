import { endpoint } from '../endpoint.ts';
import type { repository as S } from '../schemas/endpoints/repository.ts';

const frs = 'frs' as const;

/** The repository (FRS): projects, folders, documents, their copies, moves, access lists and tags (PC-5). */
export const repositoryEndpoints = {
  /** The organisation's projects. */
  getProjects: endpoint<typeof S.getProjects>()({
    backend: frs,
    method: 'GET',
    path: '/Projects',
    access: 'read',
  }),
  createProject: endpoint<typeof S.createProject>()({
    backend: frs,
    method: 'POST',
    path: '/Projects',
  }),
  updateProject: endpoint<typeof S.updateProject>()({
    backend: frs,
    method: 'PATCH',
    path: '/Projects({id})',
    access: 'update',
  }),
  /** Folders directly under a project. */
  getProjectFolders: endpoint<typeof S.getProjectFolders>()({
    backend: frs,
    method: 'GET',
    path: '/Projects({id})/Folders',
    access: 'read',
  }),
  createFolder: endpoint<typeof S.createFolder>()({
    backend: frs,
    method: 'POST',
    path: '/Projects({id})/Folders',
    access: 'update',
  }),
  /** Folders and documents directly under a project. */
  getProjectBaseEntities: endpoint<typeof S.getProjectBaseEntities>()({
    backend: frs,
    method: 'GET',
    path: '/Projects({id})/BaseEntities',
    access: 'read',
  }),
  updateFolder: endpoint<typeof S.updateFolder>()({
    backend: frs,
    method: 'PATCH',
    path: '/Folders({id})',
    access: 'update',
  }),
  getFolderBaseEntities: endpoint<typeof S.getFolderBaseEntities>()({
    backend: frs,
    method: 'GET',
    path: '/Folders({id})/BaseEntities',
    access: 'read',
  }),
  updateDocument: endpoint<typeof S.updateDocument>()({
    backend: frs,
    method: 'PATCH',
    path: '/Documents({id})',
    access: 'update',
  }),
  updateTag: endpoint<typeof S.updateTag>()({
    backend: frs,
    method: 'PATCH',
    path: '/Tags({id})',
    access: 'tag',
  }),
  getDocuments: endpoint<typeof S.getDocuments>()({
    backend: frs,
    method: 'GET',
    path: '/Documents',
    access: 'read',
  }),
  getDocument: endpoint<typeof S.getDocument>()({
    backend: frs,
    method: 'GET',
    path: '/Documents({id})',
    access: 'read',
  }),
  /** Every entity of the organisation (projects, folders, documents). */
  getBaseEntities: endpoint<typeof S.getBaseEntities>()({
    backend: frs,
    method: 'GET',
    path: '/BaseEntities',
    access: 'read',
  }),
  getBaseEntity: endpoint<typeof S.getBaseEntity>()({
    backend: frs,
    method: 'GET',
    path: '/BaseEntities({id})',
    access: 'read',
  }),
  /** Deletes one entity and everything under it. */
  deleteBaseEntity: endpoint<typeof S.deleteBaseEntity>()({
    backend: frs,
    method: 'DELETE',
    path: '/BaseEntities({id})',
    access: 'delete',
  }),
  /**
   * Copies projects with their contents; answers the new projects. At most 2,000 entities per
   * request, refused above with 400 naming the limit.
   */
  copyProjects: endpoint<typeof S.copyProjects>()({
    backend: frs,
    method: 'POST',
    path: '/CopyProjects',
    access: 'read',
  }),
  /**
   * Copies entities (with contents) into a project or folder; all or none. At most 2,000
   * entities (the sources and everything under them) per request, refused above with 400.
   */
  copyEntities: endpoint<typeof S.copyEntities>()({
    backend: frs,
    method: 'POST',
    path: '/CopyEntities',
    access: 'read',
  }),
  /** Moves entities (with contents) into a project or folder; all or none. */
  moveEntities: endpoint<typeof S.moveEntities>()({
    backend: frs,
    method: 'POST',
    path: '/MoveEntities',
    access: 'update',
  }),
  /** Deletes entities and their contents; all or none. */
  deleteEntities: endpoint<typeof S.deleteEntities>()({
    backend: frs,
    method: 'POST',
    path: '/DeleteEntities',
    access: 'delete',
  }),
  /** Reports which of the intended entities would conflict (PC-5.2) or have invalid names. */
  checkEntityList: endpoint<typeof S.checkEntityList>()({
    backend: frs,
    method: 'POST',
    path: '/CheckEntityList',
    access: 'read',
  }),
  /**
   * Adds the same ACL entries to many entities: at most 2,000 ACL rows (ids × entries) per
   * request, refused above with 400 naming the limit.
   */
  updateEntityAccess: endpoint<typeof S.updateEntityAccess>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateEntityAccess',
    access: 'change_perm',
  }),
  updateAcl: endpoint<typeof S.updateAcl>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateACL',
    access: 'change_perm',
  }),
  getEffPrivilegeForDoctypeContainer: endpoint<typeof S.getEffPrivilegeForDoctypeContainer>()({
    backend: frs,
    method: 'POST',
    path: '/GetEffPrivilegeForDoctypeContainer',
  }),
  updateTagAssignment: endpoint<typeof S.updateTagAssignment>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateTagAssignment',
    access: 'update',
  }),
  deleteTagEntities: endpoint<typeof S.deleteTagEntities>()({
    backend: frs,
    method: 'POST',
    path: '/DeleteTagEntities',
    access: 'tag',
  }),
  updateMeteringTagAssignment: endpoint<typeof S.updateMeteringTagAssignment>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateMeteringTagAssignment',
    access: 'update',
  }),
  getAcl: endpoint<typeof S.getAcl>()({
    backend: frs,
    method: 'GET',
    path: '/GetACL',
    access: 'read',
  }),
  getPermission: endpoint<typeof S.getPermission>()({
    backend: frs,
    method: 'GET',
    path: '/GetPermission',
  }),
  /** The organisation's default project (created on first use). */
  fetchDefaultLocation: endpoint<typeof S.fetchDefaultLocation>()({
    backend: frs,
    method: 'GET',
    path: '/FetchDefaultLocation()',
  }),
  /** Projects by most recent change inside them. */
  fetchProjectStatForRecentEntity: endpoint<typeof S.fetchProjectStatForRecentEntity>()({
    backend: frs,
    method: 'GET',
    path: '/FetchProjectStatForRecentEntity()',
    access: 'read',
  }),
  getTags: endpoint<typeof S.getTags>()({
    backend: frs,
    method: 'GET',
    path: '/Tags',
  }),
  getMeteringTags: endpoint<typeof S.getMeteringTags>()({
    backend: frs,
    method: 'GET',
    path: '/MeteringTags',
  }),
  getMeteringTagNames: endpoint<typeof S.getMeteringTagNames>()({
    backend: frs,
    method: 'GET',
    path: '/meteringTagNames',
  }),
  /** Read-only documents of the platform's system space (templates shared by every organisation). */
  getSystemDocuments: endpoint<typeof S.getSystemDocuments>()({
    backend: frs,
    method: 'GET',
    path: "/Spaces('SYS')/Documents",
  }),
};
