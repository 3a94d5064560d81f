import {
  nameKey,
  type CompareResult,
  type ScmCommit,
  type RemoteProject,
  type RepoConnection,
  type ScmObjectState,
  type ScmCredential,
  type ScmCredentialBody,
  type ScmProvider,
} from '@ics/platform-contract';
import { notFound } from '../errors.ts';
import type { Queryable } from './database.ts';

/** What a commit keeps of an object: the fields a pull restores. */
export interface Snapshot {
  name: string;
  description: string;
  nativeData: Record<string, unknown>;
}

/** Whether an object is linked to source control, who has it checked out, its last commit. */
export async function scmState(q: Queryable, id: string): Promise<ScmObjectState> {
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

/** The object as of a commit of the organisation (the latest without `hash`), or 404. */
export async function commitSnapshot(
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

/** Puts a snapshot back into the repository and marks the object as at `hash`, checked in. */
export async function restoreSnapshot(
  q: Queryable,
  id: string,
  snapshot: Snapshot,
  hash: string,
): Promise<void> {
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

/** Starts a commit of the organisation. */
export async function insertCommit(
  q: Queryable,
  input: { hash: string; orgId: string; message: string; author: string },
): Promise<void> {
  await q.query('insert into scm_commits (hash, org_id, message, author) values ($1, $2, $3, $4)', [
    input.hash,
    input.orgId,
    input.message,
    input.author,
  ]);
}

/** Adds an object's snapshot to a commit; the object is then linked, at that commit, checked in. */
export async function commitObject(
  q: Queryable,
  input: { hash: string; objectId: string; projectName: string; snapshot: Snapshot },
): Promise<void> {
  await q.query(
    'insert into scm_commit_objects (hash, object_id, project_name, snapshot) values ($1, $2, $3, $4)',
    [input.hash, input.objectId, input.projectName, JSON.stringify(input.snapshot)],
  );
  await q.query(
    'insert into scm_objects (object_id, last_commit) values ($1, $2) on conflict (object_id) do update set last_commit = excluded.last_commit, checked_out_by = null',
    [input.objectId, input.hash],
  );
}

export async function setCheckedOutBy(q: Queryable, id: string, userId: string): Promise<void> {
  await q.query('update scm_objects set checked_out_by = $2 where object_id = $1', [id, userId]);
}

export async function unlinkObject(q: Queryable, id: string): Promise<void> {
  await q.query('delete from scm_objects where object_id = $1', [id]);
}

/** Whether the organisation has a repository connection and the user a credential. */
export async function scmSetup(
  q: Queryable,
  orgId: string,
  userId: string,
): Promise<{ connection: boolean; credential: boolean }> {
  const [row] = await q.query<{ connection: boolean; credential: boolean }>(
    `select exists (select 1 from scm_connections where org_id = $1) as connection,
            exists (select 1 from scm_credentials where user_id = $2) as credential`,
    [orgId, userId],
  );
  return { connection: row?.connection === true, credential: row?.credential === true };
}

export async function findCredential(
  q: Queryable,
  userId: string,
): Promise<ScmCredential | undefined> {
  const [row] = await q.query<{ provider: ScmProvider; username: string; updated_at: string }>(
    'select * from scm_credentials where user_id = $1',
    [userId],
  );
  return (
    row && {
      provider: row.provider,
      username: row.username,
      hasToken: true,
      updatedTime: new Date(row.updated_at).toISOString(),
    }
  );
}

export async function saveCredential(
  q: Queryable,
  userId: string,
  input: ScmCredentialBody,
): Promise<void> {
  await q.query(
    `insert into scm_credentials (user_id, provider, username, token) values ($1, $2, $3, $4)
     on conflict (user_id) do update set provider = excluded.provider, username = excluded.username, token = excluded.token, updated_at = now()`,
    [userId, input.provider, input.username, input.token],
  );
}

export async function findConnection(
  q: Queryable,
  orgId: string,
): Promise<RepoConnection | undefined> {
  const [row] = await q.query<{
    provider: ScmProvider;
    repository_url: string;
    branch: string;
    folder_path: string;
  }>('select * from scm_connections where org_id = $1', [orgId]);
  return (
    row && {
      provider: row.provider,
      repositoryUrl: row.repository_url,
      branch: row.branch,
      folderPath: row.folder_path,
    }
  );
}

export async function saveConnection(
  q: Queryable,
  orgId: string,
  input: RepoConnection,
): Promise<void> {
  await q.query(
    `insert into scm_connections (org_id, provider, repository_url, branch, folder_path) values ($1, $2, $3, $4, $5)
       on conflict (org_id) do update set provider = excluded.provider, repository_url = excluded.repository_url, branch = excluded.branch, folder_path = excluded.folder_path`,
    [orgId, input.provider, input.repositoryUrl, input.branch, input.folderPath],
  );
}

/** The organisation's commits, newest first, optionally only those holding one object. */
export async function remoteCommits(
  q: Queryable,
  orgId: string,
  objectId?: string,
): Promise<ScmCommit[]> {
  const rows = await q.query<{
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
    [orgId, objectId ?? null],
  );
  return rows.map((r) => ({
    hash: r.hash,
    message: r.message,
    author: r.author,
    time: new Date(r.created_at).toISOString(),
    objectIds: r.object_ids,
  }));
}

/**
 * The projects the organisation's commits hold, with their object count and last commit, and the
 * ids of the objects committed in them (for the access policy; not part of the answer).
 */
export async function remoteProjects(
  q: Queryable,
  orgId: string,
): Promise<(RemoteProject & { objectIds: string[] })[]> {
  const rows = await q.query<{ name: string; n: number; last: string; ids: string[] }>(
    `select o.project_name as name, count(distinct o.object_id)::int as n,
            (array_agg(c.hash order by c.seq desc))[1] as last,
            json_agg(distinct o.object_id) as ids
       from scm_commit_objects o join scm_commits c on c.hash = o.hash where c.org_id = $1 group by o.project_name order by o.project_name`,
    [orgId],
  );
  return rows.map((r) => ({
    name: r.name,
    objectCount: r.n,
    lastCommitHash: r.last,
    objectIds: r.ids,
  }));
}

export async function insertCompareJob(
  q: Queryable,
  input: { id: string; orgId: string; results: readonly CompareResult[]; createdAt: Date },
): Promise<void> {
  await q.query(
    'insert into scm_compare_jobs (id, org_id, results, created_at) values ($1, $2, $3, $4)',
    [input.id, input.orgId, JSON.stringify(input.results), input.createdAt],
  );
}

/** A compare job of the organisation with the time it was asked for, or `undefined`. */
export async function findCompareJob(
  q: Queryable,
  id: string,
  orgId: string,
): Promise<{ createdAt: Date; results: CompareResult[] } | undefined> {
  const [row] = await q.query<{ created_at: string; results: CompareResult[] }>(
    'select * from scm_compare_jobs where id = $1 and org_id = $2',
    [id, orgId],
  );
  return row && { createdAt: new Date(row.created_at), results: row.results };
}
