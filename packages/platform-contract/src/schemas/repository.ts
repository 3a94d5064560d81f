/** Repository entities (spec: platform-client.md §3 "Repository items", PC-3.1). */
import {
  key,
  keys,
  list,
  map,
  repositoryDescription,
  repositoryName,
  storable,
  text,
} from './primitives.ts';
import { Type } from '@sinclair/typebox';
import { MAX_ENTITY_ACCESS_ROWS } from '../validation/repositoryRules.ts';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** The container kinds of the tree; any other `documentType` is a document (e.g. `MAPPING`). */
export const ContainerType = Type.Union([Type.Literal('Project'), Type.Literal('Folder')], {
  description: about.ContainerType,
});
export type ContainerType = Of<typeof ContainerType>;

/** Where an entity sits: its parent's kind and id. Projects have none. */
export const ParentInfo = Type.Object(
  {
    /** Whether the parent is a `Project` or a `Folder`. */
    parentType: ContainerType,
    /** Id of the parent project or folder. */
    parentId: storable(),
  },
  {
    additionalProperties: false,
    description: about.ParentInfo,
  },
);
export type ParentInfo = Of<typeof ParentInfo>;

/** A reference between two documents (a mapping using a connection, …). */
export const EntityRef = Type.Object(
  {
    /** Id of the referred document. */
    id: storable(),
    /** Its name. */
    name: storable(),
    /** Its document type, e.g. `CONNECTION`. */
    documentType: storable(),
  },
  {
    additionalProperties: false,
    description: about.EntityRef,
  },
);
export type EntityRef = Of<typeof EntityRef>;

/** A project, folder or document of the repository. */
export const RepositoryEntity = Type.Object(
  {
    /** The entity's id, stable across renames and moves. */
    id: storable(),
    /** The entity's name, unique among its parent's children. */
    name: storable(),
    /** What the entity is for; empty when none was given. */
    description: storable(),
    /** `Project`, `Folder`, or a document type such as `MAPPING`, `CONNECTION`, `TASKFLOW`. */
    documentType: storable(),
    /** `null` for projects. */
    parentInfo: Type.Union([ParentInfo, Type.Null()]),
    /** Names from the project down, slash-separated: `/Default/Sales/Load orders`. */
    path: storable(),
    /** Where the entity is stored: `repoHandle` names the repository. */
    repoInfo: Type.Object({ repoHandle: storable() }, closed),
    /** Names of the tags assigned to the entity. */
    tags: Type.Array(storable()),
    /** The metering tag the entity's usage is billed to, if any. */
    meteringTag: Type.Union([storable(), Type.Null()]),
    /** User name of whoever created the entity. */
    createdBy: storable(),
    /** When it was created: an ISO 8601 date-time in UTC. */
    createdTime: storable(),
    /** When it last changed: an ISO 8601 date-time in UTC. */
    updatedTime: storable(),
    /** Present when asked for with `$expand=nativeData`. */
    nativeData: Type.Optional(map(storable(), Type.Unknown())),
    /** Documents referring to this one; present with `$expand=refs`. */
    inboundRefs: Type.Optional(Type.Array(EntityRef)),
    /** Documents this one refers to; present with `$expand=refs`. */
    outboundRefs: Type.Optional(Type.Array(EntityRef)),
  },
  { additionalProperties: false, description: about.RepositoryEntity },
);
export type RepositoryEntity = Of<typeof RepositoryEntity>;

/**
 * A top-level container of the repository: an entity whose `documentType` is `Project` and that has
 * no parent.
 */
export const Project = Type.Composite(
  [
    RepositoryEntity,
    Type.Object({ documentType: Type.Literal('Project'), parentInfo: Type.Null() }, closed),
  ],
  closed,
);
export type Project = Of<typeof Project>;

/** A container inside a project or another folder: an entity whose `documentType` is `Folder`. */
export const Folder = Type.Composite(
  [RepositoryEntity, Type.Object({ documentType: Type.Literal('Folder') }, closed)],
  closed,
);
export type Folder = Of<typeof Folder>;

/**
 * Any document of the repository (a project, a folder or a product's document): the entity shape
 * every repository call answers with (the name the platform's API gives it).
 * @alias
 */
export const RepositoryDocument = RepositoryEntity;
export type RepositoryDocument = Of<typeof RepositoryDocument>;

/** A free-form label users assign to entities. */
export const Tag = Type.Object(
  {
    /** The tag's id. */
    id: storable(),
    /** The tag's name, unique in the organisation. */
    name: storable(),
    /** What the tag is for; empty when none was given. */
    description: storable(),
    /** How many entities carry it. */
    usageCount: Type.Number(),
  },
  { additionalProperties: false, description: about.Tag },
);
export type Tag = Of<typeof Tag>;

/** A label that attributes an entity's consumption for metering. */
export const MeteringTag = Type.Object(
  {
    /** The metering tag's id. */
    id: storable(),
    /** The metering tag's name, unique in the organisation. */
    name: storable(),
    /** How many entities carry it. */
    usageCount: Type.Number(),
  },
  {
    additionalProperties: false,
    description: about.MeteringTag,
  },
);
export type MeteringTag = Of<typeof MeteringTag>;

/** What a principal may do with an entity. */
export const RepositoryPermission = Type.Union(
  [
    Type.Literal('read'),
    Type.Literal('update'),
    Type.Literal('delete'),
    Type.Literal('execute'),
    Type.Literal('change_perm'),
  ],
  { description: about.RepositoryPermission },
);
export type RepositoryPermission = Of<typeof RepositoryPermission>;

/** One entry of an access-control list. */
export const AclEntry = Type.Object(
  {
    /** Whether the entry is for one user (`USER`) or everyone of an organisation (`ORG`). */
    principalType: Type.Union([Type.Literal('USER'), Type.Literal('ORG')]),
    /** Id of that user or organisation. */
    principalId: key(),
    /** What the principal may do: up to the five repository permissions, each once. */
    permissions: list(RepositoryPermission, 5),
  },
  { additionalProperties: false, description: about.AclEntry },
);
export type AclEntry = Of<typeof AclEntry>;

/** The access-control list stored on an entity. An entity without entries inherits its parent's. */
export const Acl = Type.Object(
  {
    /** Id of the entity the list is stored on. */
    objectId: storable(),
    /** Id of the user who owns the entity. */
    owner: storable(),
    /** Who may do what; empty when the entity inherits its parent's list. */
    entries: Type.Array(AclEntry),
    /** The entity whose entries apply (itself or the nearest ancestor that has entries), or `null`. */
    inheritedFrom: Type.Union([storable(), Type.Null()]),
  },
  {
    additionalProperties: false,
    description: about.Acl,
  },
);
export type Acl = Of<typeof Acl>;

/** What the current user may do with an entity, from the stored ACLs. */
export const EffectivePermission = Type.Object(
  {
    /** Id of the entity asked about. */
    objectId: storable(),
    /** What the current user may do with it; empty when nothing. */
    permissions: Type.Array(RepositoryPermission),
  },
  {
    additionalProperties: false,
    description: about.EffectivePermission,
  },
);
export type EffectivePermission = Of<typeof EffectivePermission>;

/** Bodies of the repository's calls. */
export const CreateContainerBody = Type.Object(
  {
    /** The new project's or folder's name, valid and free in its parent. */
    name: repositoryName(),
    /** What it is for; absent for none. */
    description: Type.Optional(repositoryDescription()),
  },
  { additionalProperties: false, description: about.CreateContainerBody },
);
export type CreateContainerBody = Of<typeof CreateContainerBody>;

/**
 * The body of `updateProject` and `updateFolder`: only the fields given change (a new name must be
 * valid and free in the parent).
 */
export const UpdateEntityBody = Type.Object(
  {
    /** New name; absent keeps the current one. */
    name: Type.Optional(repositoryName()),
    /** New description; absent keeps the current one. */
    description: Type.Optional(repositoryDescription()),
    /** New product-specific data, replacing the old; absent keeps it. */
    nativeData: Type.Optional(map(storable(), Type.Unknown())),
  },
  closed,
);
export type UpdateEntityBody = Of<typeof UpdateEntityBody>;

/** One entity to copy or move, and optionally the name the copy gets. */
export const SourceSpec = Type.Object(
  {
    /** Id of the entity to copy or move. */
    id: key(),
    /** A new name for the copy; default the source's name, with ` (Copy)` when that is taken. */
    name: Type.Optional(repositoryName()),
  },
  closed,
);
export type SourceSpec = Of<typeof SourceSpec>;

/**
 * The body of `copyEntities` and `moveEntities`: the target container and 1 to 1000 entities to
 * copy or move into it.
 */
export const TransferBody = Type.Object(
  {
    /** The target container (`targetLocationId`) and the 1 to 1000 entities to copy or move into it (`sourceSpecArr`). */
    xferSpec: Type.Object(
      { targetLocationId: key(), sourceSpecArr: list(SourceSpec, 1000, { minItems: 1 }) },
      closed,
    ),
  },
  closed,
);
export type TransferBody = Of<typeof TransferBody>;

/** The body of `copyProjects`: 1 to 1000 projects to copy, each beside its source. */
export const CopyProjectsBody = Type.Object(
  {
    /** The 1 to 1000 projects to copy (`sourceSpecArr`). */
    xferSpec: Type.Object({ sourceSpecArr: list(SourceSpec, 1000, { minItems: 1 }) }, closed),
  },
  closed,
);
export type CopyProjectsBody = Of<typeof CopyProjectsBody>;

/**
 * An entity about to be created, as `checkEntityList` checks it: its name, type and intended
 * parent.
 */
export const CandidateEntity = Type.Object(
  {
    /** The name the entity would have. */
    name: storable(),
    /** Its document type, e.g. `Folder` or `MAPPING`. */
    documentType: storable(),
    /** The intended parent; omitted for projects. */
    parentId: Type.Optional(storable()),
  },
  closed,
);
export type CandidateEntity = Of<typeof CandidateEntity>;

/**
 * Why one candidate of `checkEntityList` cannot be created under its name, and where it sits in the
 * list.
 */
export const EntityConflict = Type.Object(
  {
    /** Position in `entityList`. */
    index: Type.Number(),
    /** The candidate's name. */
    name: storable(),
    /** The candidate's document type. */
    documentType: storable(),
    /** `EXISTS`: the parent holds one already; `DUPLICATE`: twice in the list; `INVALID_NAME`. */
    reason: Type.Union([
      Type.Literal('EXISTS'),
      Type.Literal('DUPLICATE'),
      Type.Literal('INVALID_NAME'),
    ]),
    /** Id of the entity that already holds the name, when that is the conflict. */
    existingId: Type.Optional(storable()),
    /** Why the candidate cannot be created, in words. */
    message: storable(),
  },
  closed,
);
export type EntityConflict = Of<typeof EntityConflict>;

/**
 * The answer of `checkEntityList`: one conflict per candidate that cannot be created; empty when
 * all can.
 */
export const CheckEntityListResult = Type.Object(
  {
    /** One entry per candidate that cannot be created, in the order of the list; empty when all can. */
    conflicts: Type.Array(EntityConflict),
  },
  closed,
);
export type CheckEntityListResult = Of<typeof CheckEntityListResult>;

/** The body of `updateEntityAccess`: ACL entries added to several entities at once. */
export const EntityAccessBody = Type.Object(
  {
    /** At most 100 distinct entities (issue 24: one request may not hold the database). */
    ids: keys(100, {
      uniqueItems: true,
    }),
    /** Added to each entity's list, replacing an entry for the same principal. */
    entries: list(AclEntry, 50, {
      minItems: 1,
    }),
  },
  {
    ...closed,
    description:
      `At most ${MAX_ENTITY_ACCESS_ROWS} ACL rows per request: \`ids\` × \`entries\` ≤ ${MAX_ENTITY_ACCESS_ROWS} ` +
      '(e.g. 100 ids × 20 entries, or 40 × 50); a larger request is refused with 400 `VALIDATION`, ' +
      'naming the limit, and nothing is written (issue 24: one request may not hold the database).',
  },
);
export type EntityAccessBody = Of<typeof EntityAccessBody>;

/** The body of `updateAcl`: the whole new ACL of one entity, replacing the old one. */
export const UpdateAclBody = Type.Object(
  {
    /** Id of the entity whose list is replaced. */
    objectId: key(),
    /** The new list; empty means "inherit from the parent". */
    entries: list(AclEntry, 100),
  },
  closed,
);
export type UpdateAclBody = Of<typeof UpdateAclBody>;

/** The body of `getEffPrivilegeForDoctypeContainer`: a container and a document type. */
export const DoctypePrivilegeQuery = Type.Object(
  {
    /** Id of the project or folder. */
    containerId: key(),
    /** The document type asked about, e.g. `MAPPING`. */
    documentType: text(),
  },
  closed,
);
export type DoctypePrivilegeQuery = Of<typeof DoctypePrivilegeQuery>;

/**
 * What the signed-in user may do with one document type in one container (the answer of
 * `getEffPrivilegeForDoctypeContainer`).
 */
export const DoctypePrivilege = Type.Object(
  {
    /** Id of the project or folder asked about. */
    containerId: storable(),
    /** The document type asked about. */
    documentType: storable(),
    /** Whether the user may create such documents in the container. */
    canCreate: Type.Boolean(),
    /** What the signed-in user may do with documents of that type there; empty when nothing. */
    permissions: Type.Array(RepositoryPermission),
  },
  closed,
);
export type DoctypePrivilege = Of<typeof DoctypePrivilege>;

/** The body of `updateTagAssignment`: tag names to assign to and remove from the given entities. */
export const TagAssignmentBody = Type.Object(
  {
    /** Ids of the entities to change. */
    ids: keys(),
    /** Tag names to assign; tags that do not exist are created. */
    assign: Type.Optional(list(repositoryName(), 50)),
    /** Names of the tags to remove from them (at most 50); absent removes none. */
    unassign: Type.Optional(list(storable(), 50)),
  },
  closed,
);
export type TagAssignmentBody = Of<typeof TagAssignmentBody>;

/** The body that sets (or, with `null`, removes) the metering tag of the given entities. */
export const MeteringTagAssignmentBody = Type.Object(
  {
    /** Ids of the entities to change. */
    ids: keys(),
    /** `null` removes the entities' metering tag. */
    meteringTagName: Type.Union([repositoryName(), Type.Null()]),
  },
  closed,
);
export type MeteringTagAssignmentBody = Of<typeof MeteringTagAssignmentBody>;

/**
 * A project with the number of its entities and its last change, as listed by
 * `fetchProjectStatForRecentEntity`.
 */
export const ProjectStat = Type.Object(
  {
    /** The project's id. */
    projectId: storable(),
    /** The project's name. */
    projectName: storable(),
    /** How many entities the project holds, itself excepted. */
    entityCount: Type.Number(),
    /** When any of them last changed: an ISO 8601 date-time in UTC. */
    lastUpdatedTime: storable(),
  },
  closed,
);
export type ProjectStat = Of<typeof ProjectStat>;
