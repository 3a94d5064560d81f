import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  CheckinBody,
  CompareBody,
  CompareJob,
  CompareResult,
  OAuthRedirect,
  PullByCommitHashBody,
  RemoteProject,
  RepoConnection,
  ScmActionResult,
  ScmCommit,
  ScmCredential,
  ScmCredentialBody,
  ScmObjectsBody,
  ScmProvider,
} from '../entities/scheduling.ts';

const scm = 'sourceControl' as const;
const action = <B>(path: string) =>
  endpoint<None, None, B, ScmActionResult>()({ backend: scm, method: 'POST', path });

export const sourceControlEndpoints = {
  getUserCredential: endpoint<None, None, None, ScmCredential>()({
    backend: scm,
    method: 'GET',
    path: '/UserCredential',
  }),
  saveUserCredential: endpoint<None, None, ScmCredentialBody, ScmCredential>()({
    backend: scm,
    method: 'POST',
    path: '/UserCredential',
  }),
  /** Where to send the browser to authorise the provider (OAuth). */
  getOAuthRedirect: endpoint<
    None,
    { provider: ScmProvider; redirectUri: string },
    None,
    OAuthRedirect
  >()({ backend: scm, method: 'GET', path: '/OAuth/Redirect' }),
  getRepoConnection: endpoint<None, None, None, RepoConnection>()({
    backend: scm,
    method: 'GET',
    path: '/RepoConnection',
  }),
  /** Connects the organisation to a repository; administrators only. */
  saveRepoConnection: endpoint<None, None, RepoConnection, RepoConnection>()({
    backend: scm,
    method: 'POST',
    path: '/RepoConnection',
  }),
  /** Commits of the remote repository, newest first; `objectId` limits to one object's history. */
  getRemoteCommits: endpoint<
    None,
    { objectId?: string; $top?: number },
    None,
    ODataCollection<ScmCommit>
  >()({ backend: scm, method: 'GET', path: '/remoteRepo/commits' }),
  getRemoteProjects: endpoint<None, None, None, ODataCollection<RemoteProject>>()({
    backend: scm,
    method: 'GET',
    path: '/remoteRepo/projects',
  }),
  /** Commits the objects (linking those not yet linked); they must be checked out by the caller. */
  checkin: action<CheckinBody>('/odata/Checkin'),
  /** Locks linked objects for the caller's changes. */
  checkout: action<ScmObjectsBody>('/odata/Checkout'),
  /** Drops the caller's changes: back to the last commit, lock released. */
  undoCheckout: action<ScmObjectsBody>('/odata/UndoCheckout'),
  /** Ends source control of the objects; their history stays in the remote. */
  unlink: action<ScmObjectsBody>('/odata/Unlink'),
  /** Brings objects to their latest commit (409 while checked out). */
  pull: action<ScmObjectsBody>('/odata/Pull'),
  pullByCommitHash: action<PullByCommitHashBody>('/odata/PullByCommitHash'),
  /** Compares objects with a commit; with `async` answers a job to poll with `getCompareJob`. */
  compare: endpoint<None, None, CompareBody, readonly CompareResult[] | CompareJob>()({
    backend: scm,
    method: 'POST',
    path: '/odata/Compare',
  }),
  getCompareJob: endpoint<{ id: string }, None, None, CompareJob>()({
    backend: scm,
    method: 'GET',
    path: '/odata/CompareJobs({id})',
  }),
};
