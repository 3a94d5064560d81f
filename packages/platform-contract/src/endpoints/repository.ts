import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  Acl,
  CandidateEntity,
  CheckEntityListResult,
  CopyProjectsBody,
  CreateContainerBody,
  DoctypePrivilege,
  DoctypePrivilegeQuery,
  EffectivePermission,
  EntityAccessBody,
  Folder,
  MeteringTag,
  MeteringTagAssignmentBody,
  Project,
  ProjectStat,
  RepositoryEntity,
  Tag,
  TagAssignmentBody,
  TransferBody,
  UpdateAclBody,
  UpdateEntityBody,
} from '../entities/repository.ts';

type Id = { id: string };
/** Paging of repository lists. */
export type Paging = { $top?: number; $skip?: number; $count?: boolean };
/** Filters of `GET Documents`. */
export type DocumentFilter = Paging & {
  documentType?: string;
  parentId?: string;
  tag?: string;
  /** Case-insensitive substring of the name. */
  nameContains?: string;
};
/** `$expand`: comma-separated `nativeData`, `refs`. */
type Expand = { $expand?: string };
type Entities = ODataCollection<RepositoryEntity>;
const frs = 'frs' as const;

export const repositoryEndpoints = {
  /** The organisation's projects. */
  getProjects: endpoint<None, Paging, None, ODataCollection<Project>>()({
    backend: frs,
    method: 'GET',
    path: '/Projects',
  }),
  createProject: endpoint<None, None, CreateContainerBody, Project>()({
    backend: frs,
    method: 'POST',
    path: '/Projects',
  }),
  updateProject: endpoint<Id, None, UpdateEntityBody, Project>()({
    backend: frs,
    method: 'PATCH',
    path: '/Projects({id})',
  }),
  /** Folders directly under a project. */
  getProjectFolders: endpoint<Id, Paging, None, ODataCollection<Folder>>()({
    backend: frs,
    method: 'GET',
    path: '/Projects({id})/Folders',
  }),
  createFolder: endpoint<Id, None, CreateContainerBody, Folder>()({
    backend: frs,
    method: 'POST',
    path: '/Projects({id})/Folders',
  }),
  /** Folders and documents directly under a project. */
  getProjectBaseEntities: endpoint<Id, Paging, None, Entities>()({
    backend: frs,
    method: 'GET',
    path: '/Projects({id})/BaseEntities',
  }),
  updateFolder: endpoint<Id, None, UpdateEntityBody, Folder>()({
    backend: frs,
    method: 'PATCH',
    path: '/Folders({id})',
  }),
  getFolderBaseEntities: endpoint<Id, Paging, None, Entities>()({
    backend: frs,
    method: 'GET',
    path: '/Folders({id})/BaseEntities',
  }),
  updateDocument: endpoint<Id, None, UpdateEntityBody, RepositoryEntity>()({
    backend: frs,
    method: 'PATCH',
    path: '/Documents({id})',
  }),
  updateTag: endpoint<Id, None, { name?: string; description?: string }, Tag>()({
    backend: frs,
    method: 'PATCH',
    path: '/Tags({id})',
  }),
  getDocuments: endpoint<None, DocumentFilter, None, Entities>()({
    backend: frs,
    method: 'GET',
    path: '/Documents',
  }),
  getDocument: endpoint<Id, Expand, None, RepositoryEntity>()({
    backend: frs,
    method: 'GET',
    path: '/Documents({id})',
  }),
  /** Every entity of the organisation (projects, folders, documents). */
  getBaseEntities: endpoint<None, DocumentFilter, None, Entities>()({
    backend: frs,
    method: 'GET',
    path: '/BaseEntities',
  }),
  getBaseEntity: endpoint<Id, Expand, None, RepositoryEntity>()({
    backend: frs,
    method: 'GET',
    path: '/BaseEntities({id})',
  }),
  /** Deletes one entity and everything under it. */
  deleteBaseEntity: endpoint<Id, None, None, void>()({
    backend: frs,
    method: 'DELETE',
    path: '/BaseEntities({id})',
  }),
  /** Copies projects with their contents; answers the new projects. */
  copyProjects: endpoint<None, None, CopyProjectsBody, Entities>()({
    backend: frs,
    method: 'POST',
    path: '/CopyProjects',
  }),
  /** Copies entities (with contents) into a project or folder; all or none. */
  copyEntities: endpoint<None, None, TransferBody, Entities>()({
    backend: frs,
    method: 'POST',
    path: '/CopyEntities',
  }),
  /** Moves entities (with contents) into a project or folder; all or none. */
  moveEntities: endpoint<None, None, TransferBody, Entities>()({
    backend: frs,
    method: 'POST',
    path: '/MoveEntities',
  }),
  /** Deletes entities and their contents; all or none. */
  deleteEntities: endpoint<None, None, { artifactIds: readonly string[] }, { deleted: number }>()({
    backend: frs,
    method: 'POST',
    path: '/DeleteEntities',
  }),
  /** Reports which of the intended entities would conflict (PC-5.2) or have invalid names. */
  checkEntityList: endpoint<
    None,
    None,
    { entityList: readonly CandidateEntity[] },
    CheckEntityListResult
  >()({
    backend: frs,
    method: 'POST',
    path: '/CheckEntityList',
  }),
  updateEntityAccess: endpoint<None, None, EntityAccessBody, readonly Acl[]>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateEntityAccess',
  }),
  updateAcl: endpoint<None, None, UpdateAclBody, Acl>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateACL',
  }),
  getEffPrivilegeForDoctypeContainer: endpoint<
    None,
    None,
    DoctypePrivilegeQuery,
    DoctypePrivilege
  >()({
    backend: frs,
    method: 'POST',
    path: '/GetEffPrivilegeForDoctypeContainer',
  }),
  updateTagAssignment: endpoint<None, None, TagAssignmentBody, ODataCollection<Tag>>()({
    backend: frs,
    method: 'POST',
    path: '/UpdateTagAssignment',
  }),
  deleteTagEntities: endpoint<None, None, { tagIds: readonly string[] }, { deleted: number }>()({
    backend: frs,
    method: 'POST',
    path: '/DeleteTagEntities',
  }),
  updateMeteringTagAssignment: endpoint<
    None,
    None,
    MeteringTagAssignmentBody,
    ODataCollection<MeteringTag>
  >()({
    backend: frs,
    method: 'POST',
    path: '/UpdateMeteringTagAssignment',
  }),
  getAcl: endpoint<None, Id, None, Acl>()({ backend: frs, method: 'GET', path: '/GetACL' }),
  getPermission: endpoint<None, Id, None, EffectivePermission>()({
    backend: frs,
    method: 'GET',
    path: '/GetPermission',
  }),
  /** The organisation's default project (created on first use). */
  fetchDefaultLocation: endpoint<None, None, None, Project>()({
    backend: frs,
    method: 'GET',
    path: '/FetchDefaultLocation()',
  }),
  /** Projects by most recent change inside them. */
  fetchProjectStatForRecentEntity: endpoint<None, None, None, ODataCollection<ProjectStat>>()({
    backend: frs,
    method: 'GET',
    path: '/FetchProjectStatForRecentEntity()',
  }),
  getTags: endpoint<None, None, None, ODataCollection<Tag>>()({
    backend: frs,
    method: 'GET',
    path: '/Tags',
  }),
  getMeteringTags: endpoint<None, None, None, ODataCollection<MeteringTag>>()({
    backend: frs,
    method: 'GET',
    path: '/MeteringTags',
  }),
  getMeteringTagNames: endpoint<None, None, None, readonly string[]>()({
    backend: frs,
    method: 'GET',
    path: '/meteringTagNames',
  }),
  /** Read-only documents of the platform's system space (templates shared by every organisation). */
  getSystemDocuments: endpoint<None, Paging, None, Entities>()({
    backend: frs,
    method: 'GET',
    path: "/Spaces('SYS')/Documents",
  }),
};
