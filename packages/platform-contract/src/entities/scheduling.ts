/** Schedule and source-control entities (spec §3, PC-3.1). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/scheduling.ts';

/** Schedule and source-control entities (spec §3, PC-3.1). */
export type ScheduleInterval = Of<typeof S.ScheduleInterval>;

export type ScheduleBody = Of<typeof S.ScheduleBody>;

export type Schedule = Of<typeof S.Schedule>;

export type ScmProvider = Of<typeof S.ScmProvider>;

/** A user's credentials for the source-control provider (the token is never returned). */
export type ScmCredential = Of<typeof S.ScmCredential>;

export type ScmCredentialBody = Of<typeof S.ScmCredentialBody>;

/** The organisation's connection to a remote repository. */
export type RepoConnection = Of<typeof S.RepoConnection>;

export type OAuthRedirect = Of<typeof S.OAuthRedirect>;

export type ScmCommit = Of<typeof S.ScmCommit>;

export type RemoteProject = Of<typeof S.RemoteProject>;

/** The source-control state of a repository object. */
export type ScmObjectState = Of<typeof S.ScmObjectState>;

export type ScmObjectsBody = Of<typeof S.ScmObjectsBody>;

export type CheckinBody = Of<typeof S.CheckinBody>;

export type PullByCommitHashBody = Of<typeof S.PullByCommitHashBody>;

export type CompareBody = Of<typeof S.CompareBody>;

export type ScmDifference = Of<typeof S.ScmDifference>;

export type CompareResult = Of<typeof S.CompareResult>;

export type CompareJob = Of<typeof S.CompareJob>;

export type ScmActionResult = Of<typeof S.ScmActionResult>;
