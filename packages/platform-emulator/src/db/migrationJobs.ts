import type { MigrationObject, PackageObject, UserSession } from '@ics/platform-contract';
import { newId } from '../ids.ts';
import type { Queryable } from './database.ts';

/** What a job left once it ran: its objects, log and (exports) package. */
export interface Outcome {
  status: 'SUCCESSFUL' | 'FAILED';
  message: string | null;
  objects: MigrationObject[];
  log: string[];
  package?: { objects: PackageObject[] };
  endTime: string;
}
/** A migration job as stored. */
export interface JobRow {
  id: string;
  org_id: string;
  kind: 'import' | 'export';
  name: string;
  execution_client: string;
  run_type: string;
  spec: {
    objects?: { objectGuid: string; inclusionScope: string }[];
    importSpecification?: { packageId: string; targetLocationId?: string; objectGuids?: string[] };
  };
  relax_checksum: boolean;
  created_by: string;
  created_at: string;
  started_at: string | null;
  outcome: Outcome | null;
}
/** The fields of a job its creator chooses. */
export interface JobSettings {
  name: string;
  executionClient?: string;
  runType?: string;
}

/** One job of an organisation, or `undefined`. */
export async function findJob(
  q: Queryable,
  orgId: string,
  id: string,
  kind: JobRow['kind'],
): Promise<JobRow | undefined> {
  const [row] = await q.query<JobRow>(
    'select * from migration_jobs where id = $1 and org_id = $2 and kind = $3',
    [id, orgId, kind],
  );
  return row;
}

/** The jobs of an organisation of one kind, newest first. */
export async function listJobs(
  q: Queryable,
  orgId: string,
  kind: JobRow['kind'],
): Promise<JobRow[]> {
  return q.query<JobRow>(
    // Jobs created at one instant keep one order (newest first, then by id).
    'select * from migration_jobs where org_id = $1 and kind = $2 order by created_at desc, id',
    [orgId, kind],
  );
}

/** Reads a job and locks it for the rest of the transaction `tx` (its outcome is written once). */
export async function lockJob(tx: Queryable, id: string): Promise<JobRow | undefined> {
  const [row] = await tx.query<JobRow>('select * from migration_jobs where id = $1 for update', [
    id,
  ]);
  return row;
}

/** Records how a job ended. */
export async function saveOutcome(q: Queryable, id: string, outcome: Outcome): Promise<void> {
  await q.query('update migration_jobs set outcome = $2 where id = $1', [
    id,
    JSON.stringify(outcome),
  ]);
}

/**
 * Writes a new job created at `now` (the emulator's clock) with the defaults of PC-9.9
 * (executionClient UI, runType REGULAR); a started job starts at `now` too.
 */
export async function insertJob(
  q: Queryable,
  job: {
    kind: JobRow['kind'];
    user: UserSession;
    settings: JobSettings;
    spec: object;
    started: boolean;
  },
  now: Date,
): Promise<string> {
  const id = newId();
  await q.query(
    `insert into migration_jobs (id, org_id, kind, name, execution_client, run_type, spec, created_by, created_at, started_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $10 then $9::timestamptz end)`,
    [
      id,
      job.user.orgId,
      job.kind,
      job.settings.name,
      job.settings.executionClient ?? 'UI',
      job.settings.runType ?? 'REGULAR',
      JSON.stringify(job.spec),
      job.user.id,
      now,
      job.started,
    ],
  );
  return id;
}

/** Reruns an ended export with new settings and objects, started at `now`. */
export async function restartExport(
  q: Queryable,
  id: string,
  settings: JobSettings,
  spec: object,
  now: Date,
): Promise<void> {
  await q.query(
    'update migration_jobs set name = $2, execution_client = $3, run_type = $4, spec = $5, started_at = $6, outcome = null where id = $1',
    [
      id,
      settings.name,
      settings.executionClient ?? 'UI',
      settings.runType ?? 'REGULAR',
      JSON.stringify(spec),
      now,
    ],
  );
}

/** Starts an import at `now`. */
export async function startImport(
  q: Queryable,
  id: string,
  relaxChecksum: boolean,
  now: Date,
): Promise<void> {
  await q.query('update migration_jobs set started_at = $3, relax_checksum = $2 where id = $1', [
    id,
    relaxChecksum,
    now,
  ]);
}

/** Keeps an uploaded package; answers its id. */
export async function insertPackage(
  q: Queryable,
  orgId: string,
  objects: readonly PackageObject[],
  checksumValid: boolean,
): Promise<string> {
  const id = newId();
  await q.query(
    'insert into migration_packages (id, org_id, content, checksum_valid) values ($1, $2, $3, $4)',
    [id, orgId, JSON.stringify({ objects }), checksumValid],
  );
  return id;
}

/** An uploaded package (of the organisation, when `orgId` is given), or `undefined`. */
export async function findPackage(
  q: Queryable,
  id: string | undefined,
  orgId?: string,
): Promise<{ objects: PackageObject[]; checksumValid: boolean } | undefined> {
  const [row] = await q.query<{ content: { objects: PackageObject[] }; checksum_valid: boolean }>(
    'select content, checksum_valid from migration_packages where id = $1 and ($2::text is null or org_id = $2)',
    [id, orgId ?? null],
  );
  return row && { objects: row.content.objects, checksumValid: row.checksum_valid };
}
