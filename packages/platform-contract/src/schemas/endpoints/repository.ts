import {
  count,
  key,
  keys,
  list,
  repositoryDescription,
  repositoryName,
  storable,
  text,
} from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import type { Of } from '../of.ts';
import { ODataCollection } from '../common.ts';
import {
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
} from '../repository.ts';

const Id = Type.Object({ id: key() }, closed);

/** Paging of repository lists. */
export const Paging = Type.Object(
  {
    $top: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999_999, examples: [10] })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999_999 })),
    $count: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type Paging = Of<typeof Paging>;

/** Filters of `GET Documents`. */
export const DocumentFilter = Type.Composite(
  [
    Paging,
    Type.Object(
      {
        documentType: Type.Optional(text()),
        parentId: Type.Optional(key()),
        tag: Type.Optional(text()),
        nameContains: Type.Optional(
          text(255, { description: 'Case-insensitive substring of the name.' }),
        ),
      },
      closed,
    ),
  ],
  closed,
);
export type DocumentFilter = Of<typeof DocumentFilter>;

/** `$expand`: comma-separated `nativeData`, `refs`. */
const Expand = Type.Object(
  {
    $expand: Type.Optional(
      storable({ pattern: '^(nativeData|refs)(,(nativeData|refs))*$', examples: ['nativeData'] }),
    ),
  },
  closed,
);

const Entities = ODataCollection(RepositoryEntity);

/** Inputs and answers of the repository endpoints. */
export const repository = {
  getProjects: { query: Paging, response: ODataCollection(Project) },
  createProject: { body: CreateContainerBody, response: Project },
  updateProject: { params: Id, body: UpdateEntityBody, response: Project },
  getProjectFolders: { params: Id, query: Paging, response: ODataCollection(Folder) },
  createFolder: { params: Id, body: CreateContainerBody, response: Folder },
  getProjectBaseEntities: { params: Id, query: Paging, response: Entities },
  updateFolder: { params: Id, body: UpdateEntityBody, response: Folder },
  getFolderBaseEntities: { params: Id, query: Paging, response: Entities },
  updateDocument: { params: Id, body: UpdateEntityBody, response: RepositoryEntity },
  updateTag: {
    params: Id,
    body: Type.Object(
      {
        name: Type.Optional(repositoryName()),
        description: Type.Optional(repositoryDescription()),
      },
      closed,
    ),
    response: Tag,
  },
  getDocuments: { query: DocumentFilter, response: Entities },
  getDocument: { params: Id, query: Expand, response: RepositoryEntity },
  getBaseEntities: { query: DocumentFilter, response: Entities },
  getBaseEntity: { params: Id, query: Expand, response: RepositoryEntity },
  deleteBaseEntity: { params: Id },
  copyProjects: {
    body: CopyProjectsBody,
    response: Entities,
    refusals: { body: 'copies at most 2,000 entities: the sources and everything under them.' },
  },
  copyEntities: {
    body: TransferBody,
    response: Entities,
    refusals: { body: 'copies at most 2,000 entities: the sources and everything under them.' },
  },
  moveEntities: { body: TransferBody, response: Entities },
  deleteEntities: {
    body: Type.Object({ artifactIds: keys(200, { uniqueItems: true }) }, closed),
    response: Type.Object({ deleted: count() }, closed),
  },
  checkEntityList: {
    body: Type.Object({ entityList: list(CandidateEntity, 1000, { minItems: 1 }) }, closed),
    response: CheckEntityListResult,
  },
  updateEntityAccess: {
    body: EntityAccessBody,
    response: Type.Array(Acl),
    refusals: { entries: 'writes at most 2,000 ACL rows: `ids` × `entries`.' },
  },
  updateAcl: { body: UpdateAclBody, response: Acl },
  getEffPrivilegeForDoctypeContainer: { body: DoctypePrivilegeQuery, response: DoctypePrivilege },
  updateTagAssignment: { body: TagAssignmentBody, response: ODataCollection(Tag) },
  deleteTagEntities: {
    body: Type.Object({ tagIds: keys() }, closed),
    response: Type.Object({ deleted: count() }, closed),
  },
  updateMeteringTagAssignment: {
    body: MeteringTagAssignmentBody,
    response: ODataCollection(MeteringTag),
  },
  getAcl: { query: Id, response: Acl },
  getPermission: { query: Id, response: EffectivePermission },
  fetchDefaultLocation: { response: Project },
  fetchProjectStatForRecentEntity: { response: ODataCollection(ProjectStat) },
  getTags: { response: ODataCollection(Tag) },
  getMeteringTags: { response: ODataCollection(MeteringTag) },
  getMeteringTagNames: { response: Type.Array(storable()) },
  getSystemDocuments: { query: Paging, response: Entities },
} satisfies Record<string, EndpointSchemas>;
