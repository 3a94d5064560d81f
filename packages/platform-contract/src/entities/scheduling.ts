/** Schedule and source-control entities (spec §3, PC-3.1). */

export type ScheduleInterval = 'NONE' | 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY';

export interface ScheduleBody {
  readonly name: string;
  readonly description?: string;
  /** ISO 8601 instant of the first run. */
  readonly startTime: string;
  /** Default `NONE` (runs once). */
  readonly interval?: ScheduleInterval;
  /** Every how many intervals; default 1. */
  readonly frequency?: number;
  readonly endTime?: string;
}

export interface Schedule {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly startTime: string;
  readonly interval: ScheduleInterval;
  readonly frequency: number;
  readonly endTime: string | null;
  /** The next run after now, or `null` when none remains. */
  readonly nextRunTime: string | null;
  readonly createdBy: string;
}

export type ScmProvider = 'GITHUB' | 'GITLAB' | 'AZURE_DEVOPS' | 'BITBUCKET';

/** A user's credentials for the source-control provider (the token is never returned). */
export interface ScmCredential {
  readonly provider: ScmProvider;
  readonly username: string;
  readonly hasToken: boolean;
  readonly updatedTime: string;
}
export interface ScmCredentialBody {
  readonly provider: ScmProvider;
  readonly username: string;
  readonly token: string;
}

/** The organisation's connection to a remote repository. */
export interface RepoConnection {
  readonly provider: ScmProvider;
  readonly repositoryUrl: string;
  readonly branch: string;
  readonly folderPath: string;
}

export interface OAuthRedirect {
  readonly provider: ScmProvider;
  readonly authorizationUrl: string;
  readonly state: string;
}

export interface ScmCommit {
  readonly hash: string;
  readonly message: string;
  readonly author: string;
  readonly time: string;
  /** Ids of the repository objects the commit holds. */
  readonly objectIds: readonly string[];
}

export interface RemoteProject {
  readonly name: string;
  readonly objectCount: number;
  readonly lastCommitHash: string;
}

/** The source-control state of a repository object. */
export interface ScmObjectState {
  readonly objectId: string;
  readonly linked: boolean;
  readonly checkedOutBy: string | null;
  readonly lastCommitHash: string | null;
}

export interface ScmObjectsBody {
  readonly objectIds: readonly string[];
}
export interface CheckinBody extends ScmObjectsBody {
  readonly message: string;
}
export interface PullByCommitHashBody extends ScmObjectsBody {
  readonly commitHash: string;
}
export interface CompareBody extends ScmObjectsBody {
  /** Compare against this commit; default each object's latest. */
  readonly commitHash?: string;
  /** Answer with a job to poll instead of the result. */
  readonly async?: boolean;
}

export interface ScmDifference {
  readonly field: string;
  readonly repository: unknown;
  readonly remote: unknown;
}
export interface CompareResult {
  readonly objectId: string;
  readonly commitHash: string;
  readonly identical: boolean;
  readonly differences: readonly ScmDifference[];
}
export interface CompareJob {
  readonly jobId: string;
  readonly status: 'IN_PROGRESS' | 'SUCCESSFUL';
  /** Present once SUCCESSFUL. */
  readonly results?: readonly CompareResult[];
}
export interface ScmActionResult {
  readonly objects: readonly ScmObjectState[];
  /** The commit made by a checkin. */
  readonly commitHash?: string;
}
