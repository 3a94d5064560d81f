import { endpoint } from '../endpoint.ts';
import type { EndpointSchemas } from '../schemas/endpointSchemas.ts';
import type { sourceControl as S } from '../schemas/endpoints/sourceControl.ts';

const scm = 'sourceControl' as const;
/** A source-control action on repository objects: each needs 'update' on every object it names. */
const action = <S extends EndpointSchemas>(path: string) =>
  endpoint<S>()({ backend: scm, method: 'POST', path, access: 'update' });

/** Source control: credentials, the repository connection, check-in, check-out, pull and compare. */
export const sourceControlEndpoints = {
  getUserCredential: endpoint<typeof S.getUserCredential>()({
    backend: scm,
    method: 'GET',
    path: '/UserCredential',
  }),
  saveUserCredential: endpoint<typeof S.saveUserCredential>()({
    backend: scm,
    method: 'POST',
    path: '/UserCredential',
  }),
  /** Where to send the browser to authorise the provider (OAuth). */
  getOAuthRedirect: endpoint<typeof S.getOAuthRedirect>()({
    backend: scm,
    method: 'GET',
    path: '/OAuth/Redirect',
  }),
  getRepoConnection: endpoint<typeof S.getRepoConnection>()({
    backend: scm,
    method: 'GET',
    path: '/RepoConnection',
  }),
  /** Connects the organisation to a repository; administrators only. */
  saveRepoConnection: endpoint<typeof S.saveRepoConnection>()({
    backend: scm,
    method: 'POST',
    path: '/RepoConnection',
    access: 'admin',
  }),
  /** Commits of the remote repository, newest first; `objectId` limits to one object's history. */
  getRemoteCommits: endpoint<typeof S.getRemoteCommits>()({
    backend: scm,
    method: 'GET',
    path: '/remoteRepo/commits',
    access: 'read',
  }),
  getRemoteProjects: endpoint<typeof S.getRemoteProjects>()({
    backend: scm,
    method: 'GET',
    path: '/remoteRepo/projects',
    access: 'read',
  }),
  /** Commits the objects (linking those not yet linked); they must be checked out by the caller. */
  checkin: action<typeof S.checkin>('/odata/Checkin'),
  /** Locks linked objects for the caller's changes. */
  checkout: action<typeof S.checkout>('/odata/Checkout'),
  /** Drops the caller's changes: back to the last commit, lock released. */
  undoCheckout: action<typeof S.undoCheckout>('/odata/UndoCheckout'),
  /** Ends source control of the objects; their history stays in the remote. */
  unlink: action<typeof S.unlink>('/odata/Unlink'),
  /** Brings objects to their latest commit (409 while checked out). */
  pull: action<typeof S.pull>('/odata/Pull'),
  pullByCommitHash: action<typeof S.pullByCommitHash>('/odata/PullByCommitHash'),
  /** Compares objects with a commit; with `async` answers a job to poll with `getCompareJob`. */
  compare: endpoint<typeof S.compare>()({
    backend: scm,
    method: 'POST',
    path: '/odata/Compare',
    access: 'read',
  }),
  getCompareJob: endpoint<typeof S.getCompareJob>()({
    backend: scm,
    method: 'GET',
    path: '/odata/CompareJobs({id})',
    access: 'read',
  }),
};
