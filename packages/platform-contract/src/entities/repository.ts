/** Repository entities (spec: platform-client.md §3 "Repository items", PC-3.1). */

/** The container kinds of the tree; any other `documentType` is a document (e.g. `MAPPING`). */
export type ContainerType = 'Project' | 'Folder';

/** Where an entity sits: its parent's kind and id. Projects have none. */
export interface ParentInfo {
  readonly parentType: ContainerType;
  readonly parentId: string;
}

/** A reference between two documents (a mapping using a connection, …). */
export interface EntityRef {
  readonly id: string;
  readonly name: string;
  readonly documentType: string;
}

/** A project, folder or document of the repository. */
export interface RepositoryEntity {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** `Project`, `Folder`, or a document type such as `MAPPING`, `CONNECTION`, `TASKFLOW`. */
  readonly documentType: string;
  /** `null` for projects. */
  readonly parentInfo: ParentInfo | null;
  /** Names from the project down, slash-separated: `/Default/Sales/Load orders`. */
  readonly path: string;
  readonly repoInfo: { readonly repoHandle: string };
  /** Names of the tags assigned to the entity. */
  readonly tags: readonly string[];
  /** The metering tag the entity's usage is billed to, if any. */
  readonly meteringTag: string | null;
  readonly createdBy: string;
  readonly createdTime: string;
  readonly updatedTime: string;
  /** Present when asked for with `$expand=nativeData`. */
  readonly nativeData?: Readonly<Record<string, unknown>>;
  /** Documents referring to this one; present with `$expand=refs`. */
  readonly inboundRefs?: readonly EntityRef[];
  /** Documents this one refers to; present with `$expand=refs`. */
  readonly outboundRefs?: readonly EntityRef[];
}

export type Project = RepositoryEntity & {
  readonly documentType: 'Project';
  readonly parentInfo: null;
};
export type Folder = RepositoryEntity & { readonly documentType: 'Folder' };
export type RepositoryDocument = RepositoryEntity;

/** A free-form label users assign to entities. */
export interface Tag {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** How many entities carry it. */
  readonly usageCount: number;
}

/** A label that attributes an entity's consumption for metering. */
export interface MeteringTag {
  readonly id: string;
  readonly name: string;
  readonly usageCount: number;
}

/** What a principal may do with an entity. */
export type RepositoryPermission = 'read' | 'update' | 'delete' | 'execute' | 'change_perm';

/** One entry of an access-control list. */
export interface AclEntry {
  readonly principalType: 'USER' | 'ORG';
  readonly principalId: string;
  readonly permissions: readonly RepositoryPermission[];
}

/** The access-control list stored on an entity. An entity without entries inherits its parent's. */
export interface Acl {
  readonly objectId: string;
  readonly owner: string;
  readonly entries: readonly AclEntry[];
  /** The entity whose entries apply (itself or the nearest ancestor that has entries), or `null`. */
  readonly inheritedFrom: string | null;
}

/** What the current user may do with an entity, from the stored ACLs. */
export interface EffectivePermission {
  readonly objectId: string;
  readonly permissions: readonly RepositoryPermission[];
}

/** Bodies of the repository's calls. */
export interface CreateContainerBody {
  readonly name: string;
  readonly description?: string;
}
export interface UpdateEntityBody {
  readonly name?: string;
  readonly description?: string;
  readonly nativeData?: Readonly<Record<string, unknown>>;
}
export interface SourceSpec {
  readonly id: string;
  /** A new name for the copy; default the source's name, with ` (Copy)` when that is taken. */
  readonly name?: string;
}
export interface TransferBody {
  readonly xferSpec: {
    readonly targetLocationId: string;
    readonly sourceSpecArr: readonly SourceSpec[];
  };
}
export interface CopyProjectsBody {
  readonly xferSpec: { readonly sourceSpecArr: readonly SourceSpec[] };
}
export interface CandidateEntity {
  readonly name: string;
  readonly documentType: string;
  /** The intended parent; omitted for projects. */
  readonly parentId?: string;
}
export interface EntityConflict {
  /** Position in `entityList`. */
  readonly index: number;
  readonly name: string;
  readonly documentType: string;
  /** `EXISTS`: the parent holds one already; `DUPLICATE`: twice in the list; `INVALID_NAME`. */
  readonly reason: 'EXISTS' | 'DUPLICATE' | 'INVALID_NAME';
  readonly existingId?: string;
  readonly message: string;
}
export interface CheckEntityListResult {
  readonly conflicts: readonly EntityConflict[];
}
export interface EntityAccessBody {
  readonly ids: readonly string[];
  /** Added to each entity's list, replacing an entry for the same principal. */
  readonly entries: readonly AclEntry[];
}
export interface UpdateAclBody {
  readonly objectId: string;
  /** The new list; empty means "inherit from the parent". */
  readonly entries: readonly AclEntry[];
}
export interface DoctypePrivilegeQuery {
  readonly containerId: string;
  readonly documentType: string;
}
export interface DoctypePrivilege {
  readonly containerId: string;
  readonly documentType: string;
  /** Whether the user may create such documents in the container. */
  readonly canCreate: boolean;
  readonly permissions: readonly RepositoryPermission[];
}
export interface TagAssignmentBody {
  readonly ids: readonly string[];
  /** Tag names to assign; tags that do not exist are created. */
  readonly assign?: readonly string[];
  readonly unassign?: readonly string[];
}
export interface MeteringTagAssignmentBody {
  readonly ids: readonly string[];
  /** `null` removes the entities' metering tag. */
  readonly meteringTagName: string | null;
}
export interface ProjectStat {
  readonly projectId: string;
  readonly projectName: string;
  readonly entityCount: number;
  readonly lastUpdatedTime: string;
}
