import { createHash, randomBytes } from 'node:crypto';
import { contract, type CompareResult, type UserSession } from '@ics/platform-contract';
import { instantOf } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { findEntity } from '../db/repository/entities.ts';
import {
  commitObject,
  commitSnapshot,
  findCompareJob,
  findConnection,
  findCredential,
  insertCommit,
  insertCompareJob,
  remoteCommits,
  remoteProjects,
  restoreSnapshot,
  saveConnection,
  saveCredential,
  scmSetup,
  scmState,
  setCheckedOutBy,
  unlinkObject,
  type Snapshot,
} from '../db/sourceControl.ts';
import {
  requireEntity,
  requirePermission,
  requireReadableNow,
  unreadableIds,
} from '../policy/policy.ts';
import { conflict, notFound } from '../errors.ts';
import { pageOf } from '../http/kit.ts';
import { newId } from '../ids.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

const s = contract.sourcecontrol;
/** A compare job ends this long after it was asked for. */
const COMPARE_MS = 300;
async function snapshotOf(q: Queryable, user: UserSession, id: string) {
  const row = await findEntity(q, user.orgId, id);
  return {
    row,
    snapshot: {
      name: row.name,
      description: row.description,
      nativeData: row.native_data,
    } as Snapshot,
  };
}
function diff(current: Snapshot, remote: Snapshot) {
  return (['name', 'description', 'nativeData'] as const)
    .filter((f) => JSON.stringify(current[f]) !== JSON.stringify(remote[f]))
    .map((field) => ({
      field,
      repository: current[field] as unknown,
      remote: remote[field] as unknown,
    }));
}

/** Source control needs the organisation's connection and the user's credential. */
const requireSetup = async (q: Queryable, user: UserSession) => {
  const setup = await scmSetup(q, user.orgId, user.id);
  if (!setup.connection)
    throw conflict(
      'Your organization has no repository connection; an administrator sets one with POST RepoConnection.',
    );
  if (!setup.credential)
    throw conflict('You have no source-control credentials; save them with POST UserCredential.');
};

/** An object under source control that the user may change (its content is replaced). */
const linked = async (tx: Queryable, user: UserSession, id: string) => {
  const row = await requireEntity(tx, user, id, 'update');
  const state = await scmState(tx, id);
  if (!state.linked)
    throw conflict(`'${row.name}' is not under source control; check it in first.`);
  return { row, state };
};

/** Credentials, the repository connection and what the remote holds. */
export function sourceControlSetupRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(s.getUserCredential, async ({ session }) => {
    const credential = await findCredential(db, session.user.id);
    if (!credential) throw notFound('Your source-control credential');
    return credential;
  });
  router.add(s.saveUserCredential, async ({ session, body }) => {
    await saveCredential(db, session.user.id, body);
    return {
      provider: body.provider,
      username: body.username,
      hasToken: true,
      updatedTime: new Date().toISOString(),
    };
  });
  router.add(s.getOAuthRedirect, async ({ query }) => {
    // The contract's pattern admits only absolute http(s) addresses the URL parser reads.
    const uri = new URL(query.redirectUri);
    const state = randomBytes(12).toString('base64url');
    const hosts = {
      GITHUB: 'github.com/login/oauth/authorize',
      GITLAB: 'gitlab.com/oauth/authorize',
      AZURE_DEVOPS: 'app.vssps.visualstudio.com/oauth2/authorize',
      BITBUCKET: 'bitbucket.org/site/oauth2/authorize',
    };
    const authorizationUrl = `https://${hosts[query.provider]}?${new URLSearchParams({ client_id: 'ics-emulator', redirect_uri: uri.href, state })}`;
    return { provider: query.provider, authorizationUrl, state };
  });
  router.add(s.getRepoConnection, async ({ session }) => {
    const connection = await findConnection(db, session.user.orgId);
    if (!connection) throw notFound("Your organization's repository connection");
    return connection;
  });
  router.add(s.saveRepoConnection, async ({ session, body }) => {
    await saveConnection(db, session.user.orgId, body);
    return body;
  });
  router.add(s.getRemoteCommits, async ({ session, query }) => {
    if (query.objectId) await requireReadableNow(db, session.user, [query.objectId]);
    const commits = await remoteCommits(db, session.user.orgId, query.objectId);
    // A commit is listed only to whom may read every object of it the repository still holds.
    const hidden = await unreadableIds(
      db,
      session.user,
      commits.flatMap((c) => c.objectIds),
    );
    const shown = commits.filter((c) => !c.objectIds.some((id) => hidden.has(id)));
    return { value: shown.slice(0, pageOf(query).top) };
  });
  router.add(s.getRemoteProjects, async ({ session }) => {
    const projects = await remoteProjects(db, session.user.orgId);
    const hidden = await unreadableIds(
      db,
      session.user,
      projects.flatMap((p) => p.objectIds),
    );
    return {
      value: projects
        .filter((p) => !p.objectIds.some((id) => hidden.has(id)))
        .map(({ objectIds: _carried, ...project }) => project),
    };
  });
}

/** Check-in, check-out, undo, unlink and pulls: each over a list of objects, all or none. */
export function sourceControlActionRoutes(router: ContractRouter, { db }: RouteDeps): void {
  /** Runs one action over every object in one transaction: all or none. */
  const action = (
    endpoint: Parameters<ContractRouter['add']>[0],
    each: (
      tx: Queryable,
      user: UserSession,
      id: string,
      body: Record<string, unknown>,
      ctx: { hash?: string },
    ) => Promise<void>,
  ) =>
    router.add(
      endpoint,
      async ({ session, body }) =>
        db.transaction(async (tx) => {
          const b = body as { objectIds: string[] } & Record<string, unknown>;
          await requireSetup(tx, session.user);
          const ctx: { hash?: string } = {};
          for (const id of new Set(b.objectIds)) await each(tx, session.user, id, b, ctx);
          return {
            objects: await Promise.all(b.objectIds.map((id) => scmState(tx, id))),
            ...(ctx.hash ? { commitHash: ctx.hash } : {}),
          };
        }) as Promise<never>, // each action endpoint answers ScmActionResult, built here
    );

  action(s.checkin, async (tx, user, id, body, ctx) => {
    const { row, snapshot } = await snapshotOf(tx, user, id);
    await requirePermission(tx, user, row, 'update');
    const state = await scmState(tx, id);
    if (state.linked && state.checkedOutBy !== user.id) {
      throw conflict(
        `'${row.name}' must be checked out by you before it is checked in${state.checkedOutBy ? ` (it is checked out by ${state.checkedOutBy})` : ''}.`,
      );
    }
    if (!ctx.hash) {
      ctx.hash = createHash('sha1').update(`${newId()}${Date.now()}`).digest('hex');
      await insertCommit(tx, {
        hash: ctx.hash,
        orgId: user.orgId,
        message: String(body.message),
        author: user.id,
      });
    }
    await commitObject(tx, {
      hash: ctx.hash,
      objectId: id,
      projectName: row.path.split('/')[1] ?? '',
      snapshot,
    });
  });
  action(s.checkout, async (tx, user, id) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy && state.checkedOutBy !== user.id)
      throw conflict(`'${row.name}' is checked out by ${state.checkedOutBy}.`);
    await setCheckedOutBy(tx, id, user.id);
  });
  action(s.undoCheckout, async (tx, user, id) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy !== user.id) throw conflict(`'${row.name}' is not checked out by you.`);
    const last = await commitSnapshot(tx, user.orgId, id, state.lastCommitHash ?? undefined);
    await restoreSnapshot(tx, id, last.snapshot, last.hash);
  });
  action(s.unlink, async (tx, user, id) => {
    await linked(tx, user, id);
    await unlinkObject(tx, id);
  });
  action(s.pull, async (tx, user, id) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy)
      throw conflict(
        `'${row.name}' is checked out; check it in or undo the checkout before pulling.`,
      );
    const latest = await commitSnapshot(tx, user.orgId, id);
    await restoreSnapshot(tx, id, latest.snapshot, latest.hash);
  });
  action(s.pullByCommitHash, async (tx, user, id, body) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy)
      throw conflict(
        `'${row.name}' is checked out; check it in or undo the checkout before pulling.`,
      );
    const at = await commitSnapshot(tx, user.orgId, id, String(body.commitHash));
    await restoreSnapshot(tx, id, at.snapshot, at.hash);
  });
}

/** Comparing objects with a commit, at once or as a job. */
export function sourceControlCompareRoutes(router: ContractRouter, { db, clock }: RouteDeps): void {
  const compareAll = async (
    user: UserSession,
    objectIds: readonly string[],
    hash?: string,
  ): Promise<CompareResult[]> => {
    const results: CompareResult[] = [];
    for (const id of objectIds) {
      const { row, snapshot } = await snapshotOf(db, user, id);
      await requirePermission(db, user, row, 'read');
      const remote = await commitSnapshot(db, user.orgId, id, hash);
      const differences = diff(snapshot, remote.snapshot);
      results.push({
        objectId: id,
        commitHash: remote.hash,
        identical: differences.length === 0,
        differences,
      });
    }
    return results;
  };
  router.add(s.compare, async ({ session, body }) => {
    const results = await compareAll(session.user, body.objectIds, body.commitHash);
    if (!body.async) return results;
    const id = newId();
    await insertCompareJob(db, {
      id,
      orgId: session.user.orgId,
      results,
      createdAt: instantOf(clock),
    });
    return { jobId: id, status: 'IN_PROGRESS' as const };
  });
  router.add(s.getCompareJob, async ({ session, params }) => {
    const job = await findCompareJob(db, params.id, session.user.orgId);
    if (!job) throw notFound(`The compare job '${params.id}'`);
    // Its results show content: 'read' on each object, now, as the compare itself asked.
    await requireReadableNow(
      db,
      session.user,
      job.results.map((r) => r.objectId),
    );
    return clock.now() - job.createdAt.getTime() < COMPARE_MS
      ? { jobId: params.id, status: 'IN_PROGRESS' as const }
      : { jobId: params.id, status: 'SUCCESSFUL' as const, results: job.results };
  });
}
