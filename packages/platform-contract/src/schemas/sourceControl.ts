/** Source-control entities (spec §3, PC-3.1). */
import { Type } from '@sinclair/typebox';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { keys, storable, text } from './primitives.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** The source-control providers the platform connects to. */
export const ScmProvider = Type.Union([
  Type.Literal('GITHUB'),
  Type.Literal('GITLAB'),
  Type.Literal('AZURE_DEVOPS'),
  Type.Literal('BITBUCKET'),
]);
export type ScmProvider = Of<typeof ScmProvider>;

/** A user's credentials for the source-control provider (the token is never returned). */
export const ScmCredential = Type.Object(
  {
    /** The source-control provider the credentials are for. */
    provider: ScmProvider,
    /** The user's name at the provider. */
    username: storable(),
    /** Whether an access token is stored (the token itself is never returned). */
    hasToken: Type.Boolean(),
    /** When the credentials were last saved: an ISO 8601 date-time in UTC. */
    updatedTime: storable(),
  },
  {
    additionalProperties: false,
    description: about.ScmCredential,
  },
);
export type ScmCredential = Of<typeof ScmCredential>;

/**
 * The body that saves the user's credentials for a provider: user name and access token (at most 4
 * 000 characters; stored, never answered back).
 */
export const ScmCredentialBody = Type.Object(
  {
    /** The source-control provider the credentials are for. */
    provider: ScmProvider,
    /** The user's name at the provider. */
    username: text(),
    /** The access token, at most 4,000 characters; stored, never answered back. */
    token: text(4000),
  },
  closed,
);
export type ScmCredentialBody = Of<typeof ScmCredentialBody>;

/** The organisation's connection to a remote repository. */
export const RepoConnection = Type.Object(
  {
    /** The source-control provider hosting the repository. */
    provider: ScmProvider,
    /** The remote repository's `https://` address, at most 2,000 characters. */
    repositoryUrl: storable({
      pattern: '^https://[^\\s\\u0000\\uD800-\\uDFFF]+$',
      maxLength: 2000,
    }),
    /** The branch objects are checked in to and pulled from. */
    branch: text(255),
    /** The folder of the remote repository that holds the objects (at most 1,000 characters); empty for its root. */
    folderPath: storable({ maxLength: 1000 }),
  },
  {
    additionalProperties: false,
    description: about.RepoConnection,
  },
);
export type RepoConnection = Of<typeof RepoConnection>;

/**
 * Where to send the user to authorise the platform at the provider (`authorizationUrl`), and the
 * `state` that the provider's answer must carry back.
 */
export const OAuthRedirect = Type.Object(
  {
    /** The provider to authorise at. */
    provider: ScmProvider,
    /** The provider's page to send the user to. */
    authorizationUrl: storable(),
    /** An opaque value the provider's answer must carry back unchanged. */
    state: storable(),
  },
  closed,
);
export type OAuthRedirect = Of<typeof OAuthRedirect>;

/**
 * One commit of the connected remote repository: hash, message, author, time (ISO 8601) and the
 * objects it holds.
 */
export const ScmCommit = Type.Object(
  {
    /** The commit's hash. */
    hash: storable(),
    /** The commit message. */
    message: storable(),
    /** Who made the commit, as the provider names them. */
    author: storable(),
    /** When it was made: an ISO 8601 date-time. */
    time: storable(),
    /** Ids of the repository objects the commit holds. */
    objectIds: Type.Array(storable()),
  },
  closed,
);
export type ScmCommit = Of<typeof ScmCommit>;

/** A project found in the connected remote repository, with its object count and latest commit. */
export const RemoteProject = Type.Object(
  {
    /** The project's name in the remote repository. */
    name: storable(),
    /** How many objects it holds. */
    objectCount: Type.Number(),
    /** Hash of the latest commit that changed it. */
    lastCommitHash: storable(),
  },
  closed,
);
export type RemoteProject = Of<typeof RemoteProject>;

/** The source-control state of a repository object. */
export const ScmObjectState = Type.Object(
  {
    /** Id of the repository object. */
    objectId: storable(),
    /** Whether it is under source control. */
    linked: Type.Boolean(),
    /** User name of whoever has it checked out, or `null` when nobody has. */
    checkedOutBy: Type.Union([storable(), Type.Null()]),
    /** Hash of the last commit it was checked in or pulled with, or `null` when never. */
    lastCommitHash: Type.Union([storable(), Type.Null()]),
  },
  { additionalProperties: false, description: about.ScmObjectState },
);
export type ScmObjectState = Of<typeof ScmObjectState>;

/** A commit hash: 7 to 40 lowercase hexadecimal digits. */
const CommitHash = '^[0-9a-f]{7,40}$';

/** The body of `checkout` and `undoCheckout`: the repository objects to act on. */
export const ScmObjectsBody = Type.Object(
  {
    /** Ids of the repository objects to act on. */
    objectIds: keys(),
  },
  closed,
);
export type ScmObjectsBody = Of<typeof ScmObjectsBody>;

/**
 * The body of `checkin`: the objects to commit and the commit message (at most 4 000 characters).
 */
export const CheckinBody = Type.Composite(
  [
    ScmObjectsBody,
    Type.Object(
      {
        /** The commit message, at most 4,000 characters. */
        message: text(4000),
      },
      closed,
    ),
  ],
  closed,
);
export type CheckinBody = Of<typeof CheckinBody>;

/**
 * The body that pulls the given objects as they were at one commit (7 to 40 lowercase hex digits).
 */
export const PullByCommitHashBody = Type.Composite(
  [
    ScmObjectsBody,
    Type.Object(
      {
        /** The commit to pull them as of: 7 to 40 lower-case hexadecimal digits of its hash. */
        commitHash: storable({ pattern: CommitHash }),
      },
      closed,
    ),
  ],
  closed,
);
export type PullByCommitHashBody = Of<typeof PullByCommitHashBody>;

/**
 * The body of `compare`: the objects to compare with the remote, at one commit or each one's
 * latest, at once or as a job.
 */
export const CompareBody = Type.Composite(
  [
    ScmObjectsBody,
    Type.Object(
      {
        commitHash: Type.Optional(
          storable({
            pattern: CommitHash,
            description: "Compare against this commit; default each object's latest.",
          }),
        ),
        async: Type.Optional(
          Type.Boolean({ description: 'Answer with a job to poll instead of the result.' }),
        ),
      },
      closed,
    ),
  ],
  closed,
);
export type CompareBody = Of<typeof CompareBody>;

/** One field whose value differs between the repository and the remote. */
export const ScmDifference = Type.Object(
  {
    /** Name of the field that differs. */
    field: storable(),
    /** Its value in the repository. */
    repository: Type.Unknown(),
    /** Its value in the remote at the compared commit. */
    remote: Type.Unknown(),
  },
  closed,
);
export type ScmDifference = Of<typeof ScmDifference>;

/** How one object compares with the remote at one commit: identical, or the fields that differ. */
export const CompareResult = Type.Object(
  {
    /** Id of the compared object. */
    objectId: storable(),
    /** The commit it was compared with. */
    commitHash: storable(),
    /** Whether the object is the same as at that commit. */
    identical: Type.Boolean(),
    /** The fields that differ; empty when `identical`. */
    differences: Type.Array(ScmDifference),
  },
  closed,
);
export type CompareResult = Of<typeof CompareResult>;

/**
 * An asynchronous comparison (`compare` with `async: true`): poll it until `SUCCESSFUL`, then read
 * `results`.
 */
export const CompareJob = Type.Object(
  {
    /** The comparison's id, to poll. */
    jobId: storable(),
    /** `IN_PROGRESS`, then `SUCCESSFUL` once `results` can be read. */
    status: Type.Union([Type.Literal('IN_PROGRESS'), Type.Literal('SUCCESSFUL')]),
    /** Present once SUCCESSFUL. */
    results: Type.Optional(Type.Array(CompareResult)),
  },
  closed,
);
export type CompareJob = Of<typeof CompareJob>;

/**
 * The answer of `checkin`, `checkout` and `undoCheckout`: the objects' new source-control state,
 * and the commit a checkin made.
 */
export const ScmActionResult = Type.Object(
  {
    /** The new source-control state of each object acted on. */
    objects: Type.Array(ScmObjectState),
    /** The commit made by a checkin. */
    commitHash: Type.Optional(storable()),
  },
  closed,
);
export type ScmActionResult = Of<typeof ScmActionResult>;
