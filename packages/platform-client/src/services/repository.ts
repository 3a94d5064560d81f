import {
  validateDescription,
  validateRepositoryName,
  type Acl,
  type AclEntry,
  type CandidateEntity,
  type CheckEntityListResult,
  type DoctypePrivilege,
  type DocumentFilter,
  type EffectivePermission,
  type Folder,
  type MeteringTag,
  type Paging,
  type Project,
  type ProjectStat,
  type RepositoryEntity,
  type SourceSpec,
  type Tag,
  type UpdateEntityBody,
  repositoryEndpoints,
} from '@ics/platform-contract';
import { PlatformError } from '../errors.ts';
import type { Binder, CallOptions } from '../http/bind.ts';

/** A name or description broke a repository rule (PC-5.1); nothing was sent. */
export class RepositoryRuleError extends PlatformError {
  /** Always `'RepositoryRuleError'`. */
  override name = 'RepositoryRuleError' as const;
  /** `name` or `description`. */
  readonly field: 'name' | 'description';
  /** The error for the `field` that broke a rule, with the rule's message for people. */
  constructor(field: 'name' | 'description', message: string) {
    super(message);
    this.field = field;
  }
}

/** Checks the PC-5.1 rules before a call is sent, so a bad name never reaches the server. */
function checkRules(input: { name?: unknown; description?: unknown }, nameRequired: boolean): void {
  if (nameRequired || input.name !== undefined) {
    const problem = validateRepositoryName(input.name);
    if (problem) throw new RepositoryRuleError('name', problem);
  }
  const problem = validateDescription(input.description);
  if (problem) throw new RepositoryRuleError('description', problem);
}

/** Projects, folders, documents, tags, metering tags and ACLs of the file repository (frs). */
export interface RepositoryService {
  /** The organisation's projects. */
  getProjects(paging?: Paging, options?: CallOptions): Promise<readonly Project[]>;
  /** Creates a project; throws `RepositoryRuleError` for a bad name or description (PC-5.1), 409 on a name conflict (PC-5.2). */
  createProject(
    input: { name: string; description?: string },
    options?: CallOptions,
  ): Promise<Project>;
  /**
   * Changes the given fields of a project; a new name or description is checked first
   * (`RepositoryRuleError`), and 409 when another project has the name.
   */
  updateProject(id: string, changes: UpdateEntityBody, options?: CallOptions): Promise<Project>;
  /** The folders directly under a project. */
  getProjectFolders(projectId: string, options?: CallOptions): Promise<readonly Folder[]>;
  /** Folders and documents directly under a project. */
  getProjectEntities(
    projectId: string,
    options?: CallOptions,
  ): Promise<readonly RepositoryEntity[]>;
  /**
   * Creates a folder directly under a project; throws `RepositoryRuleError` for a bad name or
   * description (PC-5.1), 409 when the project holds one of that name (PC-5.2).
   */
  createFolder(
    projectId: string,
    input: { name: string; description?: string },
    options?: CallOptions,
  ): Promise<Folder>;
  /** Changes the given fields of a folder; rules and conflicts as `updateProject`. */
  updateFolder(id: string, changes: UpdateEntityBody, options?: CallOptions): Promise<Folder>;
  /** Folders and documents directly under a folder. */
  getFolderEntities(folderId: string, options?: CallOptions): Promise<readonly RepositoryEntity[]>;
  /**
   * Changes the given fields of a document (its name, description or `nativeData`); rules and
   * conflicts as `updateProject`.
   */
  updateDocument(
    id: string,
    changes: UpdateEntityBody,
    options?: CallOptions,
  ): Promise<RepositoryEntity>;
  /** Documents (not projects or folders), filtered; with `$count` the collection has `@odata.count`. */
  getDocuments(
    filter?: DocumentFilter,
    options?: CallOptions,
  ): Promise<{ value: readonly RepositoryEntity[]; '@odata.count'?: number }>;
  /** One document; `expand` adds `nativeData` and/or `refs` (inbound and outbound references). */
  getDocument(
    id: string,
    expand?: readonly ('nativeData' | 'refs')[],
    options?: CallOptions,
  ): Promise<RepositoryEntity>;
  /** Every entity of the organisation, filtered. */
  getBaseEntities(
    filter?: DocumentFilter,
    options?: CallOptions,
  ): Promise<readonly RepositoryEntity[]>;
  /** One entity of any type (project, folder or document); `expand` as in `getDocument`. */
  getBaseEntity(
    id: string,
    expand?: readonly ('nativeData' | 'refs')[],
    options?: CallOptions,
  ): Promise<RepositoryEntity>;
  /** Deletes an entity and everything under it. */
  deleteBaseEntity(id: string, options?: CallOptions): Promise<void>;
  /** Copies projects with their contents; answers the copies. */
  copyProjects(
    sources: readonly SourceSpec[],
    options?: CallOptions,
  ): Promise<readonly RepositoryEntity[]>;
  /** Copies entities into a project or folder; all or none. */
  copyEntities(
    targetLocationId: string,
    sources: readonly SourceSpec[],
    options?: CallOptions,
  ): Promise<readonly RepositoryEntity[]>;
  /** Moves entities (folders with their contents) into a project or folder; all or none. */
  moveEntities(
    targetLocationId: string,
    ids: readonly string[],
    options?: CallOptions,
  ): Promise<readonly RepositoryEntity[]>;
  /** Deletes entities with their contents; all or none. Answers how many entities went. */
  deleteEntities(ids: readonly string[], options?: CallOptions): Promise<number>;
  /** Reports the conflicts the intended entities would cause (PC-5.2). */
  checkEntityList(
    entityList: readonly CandidateEntity[],
    options?: CallOptions,
  ): Promise<CheckEntityListResult>;
  /** Adds (or replaces, per principal) ACL entries on several entities. */
  updateEntityAccess(
    ids: readonly string[],
    entries: readonly AclEntry[],
    options?: CallOptions,
  ): Promise<readonly Acl[]>;
  /** Replaces an entity's ACL; an empty list inherits the parent's. */
  updateAcl(objectId: string, entries: readonly AclEntry[], options?: CallOptions): Promise<Acl>;
  /** An entity's ACL as stored: its own entries, or none when it inherits its parent's. */
  getAcl(id: string, options?: CallOptions): Promise<Acl>;
  /** What the signed-in user may do with an entity, from the stored ACLs. */
  getPermission(id: string, options?: CallOptions): Promise<EffectivePermission>;
  /**
   * What the signed-in user may do with documents of `documentType` in a container, including
   * whether they may create one there.
   */
  getEffPrivilegeForDoctypeContainer(
    containerId: string,
    documentType: string,
    options?: CallOptions,
  ): Promise<DoctypePrivilege>;
  /** The organisation's tags. */
  getTags(options?: CallOptions): Promise<readonly Tag[]>;
  /** Renames a tag or changes its description. */
  updateTag(
    id: string,
    changes: { name?: string; description?: string },
    options?: CallOptions,
  ): Promise<Tag>;
  /** Assigns and unassigns tags by name; missing tags are created. */
  updateTagAssignment(
    input: { ids: readonly string[]; assign?: readonly string[]; unassign?: readonly string[] },
    options?: CallOptions,
  ): Promise<readonly Tag[]>;
  /** Deletes tags and removes them from every entity. */
  deleteTags(tagIds: readonly string[], options?: CallOptions): Promise<number>;
  /** The metering tags in use, each with how many entities carry it. */
  getMeteringTags(options?: CallOptions): Promise<readonly MeteringTag[]>;
  /** The names of the metering tags in use. */
  getMeteringTagNames(options?: CallOptions): Promise<readonly string[]>;
  /** Sets (or with `null` removes) the metering tag of entities. */
  updateMeteringTagAssignment(
    ids: readonly string[],
    meteringTagName: string | null,
    options?: CallOptions,
  ): Promise<readonly MeteringTag[]>;
  /** The organisation's default project. */
  fetchDefaultLocation(options?: CallOptions): Promise<Project>;
  /** Projects by most recent change inside them. */
  fetchProjectStatForRecentEntity(options?: CallOptions): Promise<readonly ProjectStat[]>;
  /** Read-only documents of the system space `SYS`. */
  getSystemDocuments(options?: CallOptions): Promise<readonly RepositoryEntity[]>;
}

export function repositoryService(binder: Binder): RepositoryService {
  const r = repositoryEndpoints;
  const b = {
    getProjects: binder.bind(r.getProjects),
    createProject: binder.bind(r.createProject),
    updateProject: binder.bind(r.updateProject),
    getProjectFolders: binder.bind(r.getProjectFolders),
    createFolder: binder.bind(r.createFolder),
    getProjectBaseEntities: binder.bind(r.getProjectBaseEntities),
    updateFolder: binder.bind(r.updateFolder),
    getFolderBaseEntities: binder.bind(r.getFolderBaseEntities),
    updateDocument: binder.bind(r.updateDocument),
    updateTag: binder.bind(r.updateTag),
    getDocuments: binder.bind(r.getDocuments),
    getDocument: binder.bind(r.getDocument),
    getBaseEntities: binder.bind(r.getBaseEntities),
    getBaseEntity: binder.bind(r.getBaseEntity),
    deleteBaseEntity: binder.bind(r.deleteBaseEntity),
    copyProjects: binder.bind(r.copyProjects),
    copyEntities: binder.bind(r.copyEntities),
    moveEntities: binder.bind(r.moveEntities),
    deleteEntities: binder.bind(r.deleteEntities),
    checkEntityList: binder.bind(r.checkEntityList),
    updateEntityAccess: binder.bind(r.updateEntityAccess),
    updateAcl: binder.bind(r.updateAcl),
    getEff: binder.bind(r.getEffPrivilegeForDoctypeContainer),
    updateTagAssignment: binder.bind(r.updateTagAssignment),
    deleteTagEntities: binder.bind(r.deleteTagEntities),
    updateMeteringTagAssignment: binder.bind(r.updateMeteringTagAssignment),
    getAcl: binder.bind(r.getAcl),
    getPermission: binder.bind(r.getPermission),
    fetchDefaultLocation: binder.bind(r.fetchDefaultLocation),
    fetchProjectStat: binder.bind(r.fetchProjectStatForRecentEntity),
    getTags: binder.bind(r.getTags),
    getMeteringTags: binder.bind(r.getMeteringTags),
    getMeteringTagNames: binder.bind(r.getMeteringTagNames),
    getSystemDocuments: binder.bind(r.getSystemDocuments),
  };
  const expandOf = (expand?: readonly string[]) =>
    expand && expand.length > 0 ? { $expand: expand.join(',') } : {};
  return {
    getProjects: async (query = {}, o = {}) => (await b.getProjects({ query, ...o })).value,
    createProject: async (body, o = {}) => {
      checkRules(body, true);
      return b.createProject({ body, ...o });
    },
    updateProject: async (id, body, o = {}) => {
      checkRules(body, false);
      return b.updateProject({ params: { id }, body, ...o });
    },
    getProjectFolders: async (id, o = {}) =>
      (await b.getProjectFolders({ params: { id }, query: {}, ...o })).value,
    getProjectEntities: async (id, o = {}) =>
      (await b.getProjectBaseEntities({ params: { id }, query: {}, ...o })).value,
    createFolder: async (id, body, o = {}) => {
      checkRules(body, true);
      return b.createFolder({ params: { id }, body, ...o });
    },
    updateFolder: async (id, body, o = {}) => {
      checkRules(body, false);
      return b.updateFolder({ params: { id }, body, ...o });
    },
    getFolderEntities: async (id, o = {}) =>
      (await b.getFolderBaseEntities({ params: { id }, query: {}, ...o })).value,
    updateDocument: async (id, body, o = {}) => {
      checkRules(body, false);
      return b.updateDocument({ params: { id }, body, ...o });
    },
    getDocuments: (query = {}, o = {}) => b.getDocuments({ query, ...o }),
    getDocument: (id, expand, o = {}) =>
      b.getDocument({ params: { id }, query: expandOf(expand), ...o }),
    getBaseEntities: async (query = {}, o = {}) => (await b.getBaseEntities({ query, ...o })).value,
    getBaseEntity: (id, expand, o = {}) =>
      b.getBaseEntity({ params: { id }, query: expandOf(expand), ...o }),
    deleteBaseEntity: (id, o = {}) => b.deleteBaseEntity({ params: { id }, ...o }),
    copyProjects: async (sourceSpecArr, o = {}) => {
      for (const s of sourceSpecArr) if (s.name !== undefined) checkRules(s, true);
      return (await b.copyProjects({ body: { xferSpec: { sourceSpecArr } }, ...o })).value;
    },
    copyEntities: async (targetLocationId, sourceSpecArr, o = {}) => {
      for (const s of sourceSpecArr) if (s.name !== undefined) checkRules(s, true);
      const body = { xferSpec: { targetLocationId, sourceSpecArr } };
      return (await b.copyEntities({ body, ...o })).value;
    },
    moveEntities: async (targetLocationId, ids, o = {}) => {
      const body = { xferSpec: { targetLocationId, sourceSpecArr: ids.map((id) => ({ id })) } };
      return (await b.moveEntities({ body, ...o })).value;
    },
    deleteEntities: async (artifactIds, o = {}) =>
      (await b.deleteEntities({ body: { artifactIds }, ...o })).deleted,
    checkEntityList: (entityList, o = {}) => b.checkEntityList({ body: { entityList }, ...o }),
    updateEntityAccess: (ids, entries, o = {}) =>
      b.updateEntityAccess({ body: { ids, entries }, ...o }),
    updateAcl: (objectId, entries, o = {}) => b.updateAcl({ body: { objectId, entries }, ...o }),
    getAcl: (id, o = {}) => b.getAcl({ query: { id }, ...o }),
    getPermission: (id, o = {}) => b.getPermission({ query: { id }, ...o }),
    getEffPrivilegeForDoctypeContainer: (containerId, documentType, o = {}) =>
      b.getEff({ body: { containerId, documentType }, ...o }),
    getTags: async (o = {}) => (await b.getTags(o)).value,
    updateTag: async (id, body, o = {}) => {
      checkRules(body, false);
      return b.updateTag({ params: { id }, body, ...o });
    },
    updateTagAssignment: async (body, o = {}) => {
      for (const name of body.assign ?? []) checkRules({ name }, true);
      return (await b.updateTagAssignment({ body, ...o })).value;
    },
    deleteTags: async (tagIds, o = {}) =>
      (await b.deleteTagEntities({ body: { tagIds }, ...o })).deleted,
    getMeteringTags: async (o = {}) => (await b.getMeteringTags(o)).value,
    getMeteringTagNames: (o = {}) => b.getMeteringTagNames(o),
    updateMeteringTagAssignment: async (ids, meteringTagName, o = {}) => {
      if (meteringTagName !== null) checkRules({ name: meteringTagName }, true);
      return (await b.updateMeteringTagAssignment({ body: { ids, meteringTagName }, ...o })).value;
    },
    fetchDefaultLocation: (o = {}) => b.fetchDefaultLocation(o),
    fetchProjectStatForRecentEntity: async (o = {}) => (await b.fetchProjectStat(o)).value,
    getSystemDocuments: async (o = {}) => (await b.getSystemDocuments({ query: {}, ...o })).value,
  };
}
