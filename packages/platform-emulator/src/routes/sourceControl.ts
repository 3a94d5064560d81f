import { createHash, randomBytes } from 'node:crypto';
import {
  contract,
  nameKey,
  type CompareResult,
  type ScmObjectState,
  type UserSession,
} from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import { findEntity } from '../db/repository.ts';
import { requireEntity, requirePermission } from '../policy/policy.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { pageOf } from './kit.ts';
import { newId } from '../ids.ts';
import type { ContractRouter } from './router.ts';

const s = contract.sourcecontrol;
/** A compare job ends this long after it was asked for. */
export const COMPARE_MS = 300;
interface Snapshot {
  name: string;
  description: string;
  nativeData: Record<string, unknown>;
}

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
async function stateOf(q: Queryable, id: string): Promise<ScmObjectState> {
  const [row] = await q.query<{ checked_out_by: string | null; last_commit: string | null }>(
    'select checked_out_by, last_commit from scm_objects where object_id = $1',
    [id],
  );
  return {
    objectId: id,
    linked: Boolean(row),
    checkedOutBy: row?.checked_out_by ?? null,
    lastCommitHash: row?.last_commit ?? null,
  };
}
async function commitSnapshot(
  q: Queryable,
  orgId: string,
  id: string,
  hash?: string,
): Promise<{ hash: string; snapshot: Snapshot }> {
  const [row] = await q.query<{ hash: string; snapshot: Snapshot }>(
    `select c.hash, o.snapshot from scm_commit_objects o join scm_commits c on c.hash = o.hash
      where o.object_id = $1 and c.org_id = $2 and ($3::text is null or c.hash = $3) order by c.seq desc limit 1`,
    [id, orgId, hash ?? null],
  );
  if (!row)
    throw notFound(
      hash ? `The commit '${hash}' holding object '${id}'` : `A commit of object '${id}'`,
    );
  return row;
}
async function restore(q: Queryable, id: string, snapshot: Snapshot, hash: string) {
  await q.query(
    'update frs_entities set name = $2, name_key = $3, description = $4, native_data = $5, updated_at = now() where id = $1',
    [
      id,
      snapshot.name,
      nameKey(snapshot.name),
      snapshot.description,
      JSON.stringify(snapshot.nativeData),
    ],
  );
  await q.query(
    'update scm_objects set last_commit = $2, checked_out_by = null where object_id = $1',
    [id, hash],
  );
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

export function sourceControlRoutes(router: ContractRouter, db: Database): void {
  const requireSetup = async (q: Queryable, user: UserSession) => {
    const [conn] = await q.query('select 1 from scm_connections where org_id = $1', [user.orgId]);
    if (!conn)
      throw conflict(
        'Your organization has no repository connection; an administrator sets one with POST RepoConnection.',
      );
    const [cred] = await q.query('select 1 from scm_credentials where user_id = $1', [user.id]);
    if (!cred)
      throw conflict('You have no source-control credentials; save them with POST UserCredential.');
  };
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
      {},
      async ({ session, body }) =>
        db.transaction(async (tx) => {
          const b = body as { objectIds: string[] } & Record<string, unknown>;
          await requireSetup(tx, session.user);
          const ctx: { hash?: string } = {};
          for (const id of new Set(b.objectIds)) await each(tx, session.user, id, b, ctx);
          return {
            objects: await Promise.all(b.objectIds.map((id) => stateOf(tx, id))),
            ...(ctx.hash ? { commitHash: ctx.hash } : {}),
          };
        }) as Promise<never>, // each action endpoint answers ScmActionResult, built here
    );

  router.add(s.getUserCredential, {}, async ({ session }) => {
    const [row] = await db.query<{ provider: 'GITHUB'; username: string; updated_at: string }>(
      'select * from scm_credentials where user_id = $1',
      [session.user.id],
    );
    if (!row) throw notFound('Your source-control credential');
    return {
      provider: row.provider,
      username: row.username,
      hasToken: true,
      updatedTime: new Date(row.updated_at).toISOString(),
    };
  });
  router.add(s.saveUserCredential, {}, async ({ session, body }) => {
    await db.query(
      `insert into scm_credentials (user_id, provider, username, token) values ($1, $2, $3, $4)
       on conflict (user_id) do update set provider = excluded.provider, username = excluded.username, token = excluded.token, updated_at = now()`,
      [session.user.id, body.provider, body.username, body.token],
    );
    return {
      provider: body.provider,
      username: body.username,
      hasToken: true,
      updatedTime: new Date().toISOString(),
    };
  });
  router.add(s.getOAuthRedirect, {}, async ({ query }) => {
    let uri: URL;
    try {
      uri = new URL(query.redirectUri);
    } catch {
      throw new ApiError(400, 'VALIDATION', 'redirectUri must be an absolute http(s) address.');
    }
    if (uri.protocol !== 'https:' && uri.protocol !== 'http:')
      throw new ApiError(400, 'VALIDATION', 'redirectUri must be an absolute http(s) address.');
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
  router.add(s.getRepoConnection, {}, async ({ session }) => {
    const [row] = await db.query<{
      provider: 'GITHUB';
      repository_url: string;
      branch: string;
      folder_path: string;
    }>('select * from scm_connections where org_id = $1', [session.user.orgId]);
    if (!row) throw notFound("Your organization's repository connection");
    return {
      provider: row.provider,
      repositoryUrl: row.repository_url,
      branch: row.branch,
      folderPath: row.folder_path,
    };
  });
  router.add(s.saveRepoConnection, {}, async ({ session, body }) => {
    await db.query(
      `insert into scm_connections (org_id, provider, repository_url, branch, folder_path) values ($1, $2, $3, $4, $5)
         on conflict (org_id) do update set provider = excluded.provider, repository_url = excluded.repository_url, branch = excluded.branch, folder_path = excluded.folder_path`,
      [session.user.orgId, body.provider, body.repositoryUrl, body.branch, body.folderPath],
    );
    return body;
  });
  router.add(s.getRemoteCommits, {}, async ({ session, query }) => {
    const rows = await db.query<{
      hash: string;
      message: string;
      author: string;
      created_at: string;
      object_ids: string[];
    }>(
      `select c.hash, c.message, c.author, c.created_at, json_agg(o.object_id order by o.object_id) as object_ids
         from scm_commits c join scm_commit_objects o on o.hash = c.hash
        where c.org_id = $1 and ($2::text is null or c.hash in (select hash from scm_commit_objects where object_id = $2))
        group by c.hash order by max(c.seq) desc`,
      [session.user.orgId, query.objectId ?? null],
    );
    const { top } = pageOf(query);
    return {
      value: rows.slice(0, top).map((r) => ({
        hash: r.hash,
        message: r.message,
        author: r.author,
        time: new Date(r.created_at).toISOString(),
        objectIds: r.object_ids,
      })),
    };
  });
  router.add(s.getRemoteProjects, {}, async ({ session }) => {
    const rows = await db.query<{ name: string; n: number; last: string }>(
      `select o.project_name as name, count(distinct o.object_id)::int as n,
              (array_agg(c.hash order by c.seq desc))[1] as last
         from scm_commit_objects o join scm_commits c on c.hash = o.hash where c.org_id = $1 group by o.project_name order by o.project_name`,
      [session.user.orgId],
    );
    return { value: rows.map((r) => ({ name: r.name, objectCount: r.n, lastCommitHash: r.last })) };
  });

  action(s.checkin, async (tx, user, id, body, ctx) => {
    const { row, snapshot } = await snapshotOf(tx, user, id);
    await requirePermission(tx, user, row, 'update');
    const state = await stateOf(tx, id);
    if (state.linked && state.checkedOutBy !== user.id) {
      throw conflict(
        `'${row.name}' must be checked out by you before it is checked in${state.checkedOutBy ? ` (it is checked out by ${state.checkedOutBy})` : ''}.`,
      );
    }
    if (!ctx.hash) {
      ctx.hash = createHash('sha1').update(`${newId()}${Date.now()}`).digest('hex');
      await tx.query(
        'insert into scm_commits (hash, org_id, message, author) values ($1, $2, $3, $4)',
        [ctx.hash, user.orgId, body.message, user.id],
      );
    }
    await tx.query(
      'insert into scm_commit_objects (hash, object_id, project_name, snapshot) values ($1, $2, $3, $4)',
      [ctx.hash, id, row.path.split('/')[1] ?? '', JSON.stringify(snapshot)],
    );
    await tx.query(
      'insert into scm_objects (object_id, last_commit) values ($1, $2) on conflict (object_id) do update set last_commit = excluded.last_commit, checked_out_by = null',
      [id, ctx.hash],
    );
  });
  /** An object under source control that the user may change (its content is replaced). */
  const linked = async (tx: Queryable, user: UserSession, id: string) => {
    const row = await requireEntity(tx, user, id, 'update');
    const state = await stateOf(tx, id);
    if (!state.linked)
      throw conflict(`'${row.name}' is not under source control; check it in first.`);
    return { row, state };
  };
  action(s.checkout, async (tx, user, id) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy && state.checkedOutBy !== user.id)
      throw conflict(`'${row.name}' is checked out by ${state.checkedOutBy}.`);
    await tx.query('update scm_objects set checked_out_by = $2 where object_id = $1', [
      id,
      user.id,
    ]);
  });
  action(s.undoCheckout, async (tx, user, id) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy !== user.id) throw conflict(`'${row.name}' is not checked out by you.`);
    const last = await commitSnapshot(tx, user.orgId, id, state.lastCommitHash ?? undefined);
    await restore(tx, id, last.snapshot, last.hash);
  });
  action(s.unlink, async (tx, user, id) => {
    await linked(tx, user, id);
    await tx.query('delete from scm_objects where object_id = $1', [id]);
  });
  action(s.pull, async (tx, user, id) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy)
      throw conflict(
        `'${row.name}' is checked out; check it in or undo the checkout before pulling.`,
      );
    const latest = await commitSnapshot(tx, user.orgId, id);
    await restore(tx, id, latest.snapshot, latest.hash);
  });
  action(s.pullByCommitHash, async (tx, user, id, body) => {
    const { row, state } = await linked(tx, user, id);
    if (state.checkedOutBy)
      throw conflict(
        `'${row.name}' is checked out; check it in or undo the checkout before pulling.`,
      );
    const at = await commitSnapshot(tx, user.orgId, id, String(body.commitHash));
    await restore(tx, id, at.snapshot, at.hash);
  });

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
  router.add(s.compare, {}, async ({ session, body }) => {
    const results = await compareAll(session.user, body.objectIds, body.commitHash);
    if (!body.async) return results;
    const id = newId();
    await db.query('insert into scm_compare_jobs (id, org_id, results) values ($1, $2, $3)', [
      id,
      session.user.orgId,
      JSON.stringify(results),
    ]);
    return { jobId: id, status: 'IN_PROGRESS' as const };
  });
  router.add(s.getCompareJob, {}, async ({ session, params }) => {
    const [row] = await db.query<{ created_at: string; results: CompareResult[] }>(
      'select * from scm_compare_jobs where id = $1 and org_id = $2',
      [params.id, session.user.orgId],
    );
    if (!row) throw notFound(`The compare job '${params.id}'`);
    return Date.now() - new Date(row.created_at).getTime() < COMPARE_MS
      ? { jobId: params.id, status: 'IN_PROGRESS' as const }
      : { jobId: params.id, status: 'SUCCESSFUL' as const, results: row.results };
  });
}
