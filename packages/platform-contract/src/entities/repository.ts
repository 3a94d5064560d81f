/** Repository entities (spec: platform-client.md §3 "Repository items", PC-3.1). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/repository.ts';

/** The container kinds of the tree; any other `documentType` is a document (e.g. `MAPPING`). */
export type ContainerType = Of<typeof S.ContainerType>;

/** Where an entity sits: its parent's kind and id. Projects have none. */
export type ParentInfo = Of<typeof S.ParentInfo>;

/** A reference between two documents (a mapping using a connection, …). */
export type EntityRef = Of<typeof S.EntityRef>;

/** A project, folder or document of the repository. */
export type RepositoryEntity = Of<typeof S.RepositoryEntity>;

export type Project = Of<typeof S.Project>;

export type Folder = Of<typeof S.Folder>;

export type RepositoryDocument = Of<typeof S.RepositoryDocument>;

/** A free-form label users assign to entities. */
export type Tag = Of<typeof S.Tag>;

/** A label that attributes an entity's consumption for metering. */
export type MeteringTag = Of<typeof S.MeteringTag>;

/** What a principal may do with an entity. */
export type RepositoryPermission = Of<typeof S.RepositoryPermission>;

/** One entry of an access-control list. */
export type AclEntry = Of<typeof S.AclEntry>;

/** The access-control list stored on an entity. An entity without entries inherits its parent's. */
export type Acl = Of<typeof S.Acl>;

/** What the current user may do with an entity, from the stored ACLs. */
export type EffectivePermission = Of<typeof S.EffectivePermission>;

/** Bodies of the repository's calls. */
export type CreateContainerBody = Of<typeof S.CreateContainerBody>;

export type UpdateEntityBody = Of<typeof S.UpdateEntityBody>;

export type SourceSpec = Of<typeof S.SourceSpec>;

export type TransferBody = Of<typeof S.TransferBody>;

export type CopyProjectsBody = Of<typeof S.CopyProjectsBody>;

export type CandidateEntity = Of<typeof S.CandidateEntity>;

export type EntityConflict = Of<typeof S.EntityConflict>;

export type CheckEntityListResult = Of<typeof S.CheckEntityListResult>;

export type EntityAccessBody = Of<typeof S.EntityAccessBody>;

export type UpdateAclBody = Of<typeof S.UpdateAclBody>;

export type DoctypePrivilegeQuery = Of<typeof S.DoctypePrivilegeQuery>;

export type DoctypePrivilege = Of<typeof S.DoctypePrivilege>;

export type TagAssignmentBody = Of<typeof S.TagAssignmentBody>;

export type MeteringTagAssignmentBody = Of<typeof S.MeteringTagAssignmentBody>;

export type ProjectStat = Of<typeof S.ProjectStat>;
