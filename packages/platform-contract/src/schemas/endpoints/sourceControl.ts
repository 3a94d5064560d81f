import { httpAddress, key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import {
  CompareBody,
  CompareJob,
  CompareResult,
  OAuthRedirect,
  RemoteProject,
  RepoConnection,
  ScmCommit,
  ScmCredential,
  ScmCredentialBody,
  ScmProvider,
  CheckinBody,
  ScmObjectsBody,
  PullByCommitHashBody,
  ScmActionResult,
} from '../sourceControl.ts';
import { ODataCollection } from '../common.ts';

/** Inputs and answers of the sourceControl endpoints. */
export const sourceControl = {
  getUserCredential: { response: ScmCredential },
  saveUserCredential: { body: ScmCredentialBody, response: ScmCredential },
  getOAuthRedirect: {
    query: Type.Object({ provider: ScmProvider, redirectUri: httpAddress() }, closed),
    response: OAuthRedirect,
  },
  getRepoConnection: { response: RepoConnection },
  saveRepoConnection: { body: RepoConnection, response: RepoConnection },
  getRemoteCommits: {
    query: Type.Object(
      {
        objectId: Type.Optional(key()),
        $top: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999_999, examples: [10] })),
      },
      closed,
    ),
    response: ODataCollection(ScmCommit),
  },
  getRemoteProjects: { response: ODataCollection(RemoteProject) },
  checkin: { body: CheckinBody, response: ScmActionResult },
  checkout: { body: ScmObjectsBody, response: ScmActionResult },
  undoCheckout: { body: ScmObjectsBody, response: ScmActionResult },
  unlink: { body: ScmObjectsBody, response: ScmActionResult },
  pull: { body: ScmObjectsBody, response: ScmActionResult },
  pullByCommitHash: { body: PullByCommitHashBody, response: ScmActionResult },
  compare: { body: CompareBody, response: Type.Union([Type.Array(CompareResult), CompareJob]) },
  getCompareJob: { params: Type.Object({ id: key() }, closed), response: CompareJob },
} satisfies Record<string, EndpointSchemas>;
