import {
  type CompareJob,
  type CompareResult,
  type OAuthRedirect,
  type RemoteProject,
  type RepoConnection,
  type ScmActionResult,
  type ScmCommit,
  type ScmCredential,
  type ScmCredentialBody,
  type ScmProvider,
  sourceControlEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/**
 * Source control of repository objects (PC-4.5): the emulator and the platform keep a history of
 * commits per object. Every action takes object ids and answers their new state.
 */
export interface SourceControlService {
  /**
   * The signed-in user's source-control credential (provider and user name; whether a token is
   * stored, never the token); 404 when none is saved.
   */
  getUserCredential(options?: CallOptions): Promise<ScmCredential>;
  /** Saves the signed-in user's credential for a provider, replacing the previous one. */
  saveUserCredential(credential: ScmCredentialBody, options?: CallOptions): Promise<ScmCredential>;
  /** Where to send the browser to authorise the provider. */
  getOAuthRedirect(
    provider: ScmProvider,
    redirectUri: string,
    options?: CallOptions,
  ): Promise<OAuthRedirect>;
  /**
   * The organisation's connection to its remote repository (provider, https address, branch,
   * folder); 404 when none is set.
   */
  getRepoConnection(options?: CallOptions): Promise<RepoConnection>;
  /** Sets the organisation's repository connection; administrators only (403 otherwise). */
  saveRepoConnection(connection: RepoConnection, options?: CallOptions): Promise<RepoConnection>;
  /** Remote commits, newest first; with `objectId` that object's history only. */
  getRemoteCommits(
    filter?: { objectId?: string; $top?: number },
    options?: CallOptions,
  ): Promise<readonly ScmCommit[]>;
  /** The projects found in the remote repository, with their object counts and latest commits. */
  getRemoteProjects(options?: CallOptions): Promise<readonly RemoteProject[]>;
  /**
   * Commits the objects with `message` (at most 4 000 characters) and answers the commit made. A
   * linked object must be checked out by the caller first (409); every action needs the
   * organisation's connection and the caller's credential (409 naming what is missing).
   */
  checkin(
    objectIds: readonly string[],
    message: string,
    options?: CallOptions,
  ): Promise<ScmActionResult>;
  /**
   * Checks the objects out to the caller, so only they may check them in; 409 when one is not under
   * source control or is checked out by someone else.
   */
  checkout(objectIds: readonly string[], options?: CallOptions): Promise<ScmActionResult>;
  /**
   * Gives up the caller's checkout and restores each object as it was at its last commit; 409 when
   * one is not checked out by the caller.
   */
  undoCheckout(objectIds: readonly string[], options?: CallOptions): Promise<ScmActionResult>;
  /** Takes the objects out of source control (their history stays in the remote). */
  unlink(objectIds: readonly string[], options?: CallOptions): Promise<ScmActionResult>;
  /** Replaces the objects by their latest commit; 409 when one is checked out. */
  pull(objectIds: readonly string[], options?: CallOptions): Promise<ScmActionResult>;
  /**
   * Replaces the objects by their state at `commitHash` (7 to 40 lowercase hex digits); 409 when
   * one is checked out.
   */
  pullByCommitHash(
    objectIds: readonly string[],
    commitHash: string,
    options?: CallOptions,
  ): Promise<ScmActionResult>;
  /** Compares objects (one or many) with a commit (default each one's latest). */
  compare(
    objectIds: readonly string[],
    commitHash?: string,
    options?: CallOptions,
  ): Promise<readonly CompareResult[]>;
  /** The same comparison as a server job: poll `getCompareJob` until SUCCESSFUL. */
  compareAsync(
    objectIds: readonly string[],
    commitHash?: string,
    options?: CallOptions,
  ): Promise<CompareJob>;
  /**
   * A comparison job started by `compareAsync`, to poll until `SUCCESSFUL` (then `results` holds
   * the comparisons).
   */
  getCompareJob(id: string, options?: CallOptions): Promise<CompareJob>;
}

export function sourceControlService(binder: Binder): SourceControlService {
  const s = sourceControlEndpoints;
  const b = {
    getCred: binder.bind(s.getUserCredential),
    saveCred: binder.bind(s.saveUserCredential),
    oauth: binder.bind(s.getOAuthRedirect),
    getConn: binder.bind(s.getRepoConnection),
    saveConn: binder.bind(s.saveRepoConnection),
    commits: binder.bind(s.getRemoteCommits),
    projects: binder.bind(s.getRemoteProjects),
    checkin: binder.bind(s.checkin),
    checkout: binder.bind(s.checkout),
    undoCheckout: binder.bind(s.undoCheckout),
    unlink: binder.bind(s.unlink),
    pull: binder.bind(s.pull),
    pullByCommitHash: binder.bind(s.pullByCommitHash),
    compare: binder.bind(s.compare),
    job: binder.bind(s.getCompareJob),
  };
  return {
    getUserCredential: (o = {}) => b.getCred(o),
    saveUserCredential: (body, o = {}) => b.saveCred({ body, ...o }),
    getOAuthRedirect: (provider, redirectUri, o = {}) =>
      b.oauth({ query: { provider, redirectUri }, ...o }),
    getRepoConnection: (o = {}) => b.getConn(o),
    saveRepoConnection: (body, o = {}) => b.saveConn({ body, ...o }),
    getRemoteCommits: async (query = {}, o = {}) => (await b.commits({ query, ...o })).value,
    getRemoteProjects: async (o = {}) => (await b.projects(o)).value,
    checkin: (objectIds, message, o = {}) => b.checkin({ body: { objectIds, message }, ...o }),
    checkout: (objectIds, o = {}) => b.checkout({ body: { objectIds }, ...o }),
    undoCheckout: (objectIds, o = {}) => b.undoCheckout({ body: { objectIds }, ...o }),
    unlink: (objectIds, o = {}) => b.unlink({ body: { objectIds }, ...o }),
    pull: (objectIds, o = {}) => b.pull({ body: { objectIds }, ...o }),
    pullByCommitHash: (objectIds, commitHash, o = {}) =>
      b.pullByCommitHash({ body: { objectIds, commitHash }, ...o }),
    compare: async (objectIds, commitHash, o = {}) =>
      (await b.compare({ body: { objectIds, commitHash }, ...o })) as readonly CompareResult[],
    compareAsync: async (objectIds, commitHash, o = {}) =>
      (await b.compare({ body: { objectIds, commitHash, async: true }, ...o })) as CompareJob,
    getCompareJob: (id, o = {}) => b.job({ params: { id }, ...o }),
  };
}
