import type { PackageObject } from '@ics/platform-contract';
import { createHash } from 'node:crypto';
import {
  nameKey,
  validateRepositoryName,
  type MigrationJobStatus,
  type MigrationObject,
  type UserSession,
} from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import {
  findPackage,
  lockJob,
  saveOutcome,
  type JobRow as Row,
  type Outcome,
} from '../db/migrationJobs.ts';
import { insertMessage } from '../db/notifications.ts';
import { findContainer, findEntities } from '../db/repository/entities.ts';
import { conflictingIds } from '../db/repository/names.ts';
import { referenceGraph } from '../db/repository/trees.ts';
import { ensureDefaultProject, insertEntities, type NewDocument } from '../db/repository/writes.ts';

// The migration job engine: a job's status follows from its start time on the emulator's
// clock, and its effects (export package, imported objects, bell message) run once, when a
// reader first sees it past its running time. Routes read jobs through `settle`.

/** A job waits this long in QUEUED after it starts (on the emulator's clock)… */
const QUEUED_MS = 150;
/** …and has ended this long after it started: clients poll; no timers run. */
export const RUN_MS = 600;

/** What an import never writes: only documents land in the target. */
const CONTAINERS = ['Project', 'Folder'];

/** The checksum an export package carries and an upload is checked against. */
export const checksumOf = (objects: unknown) =>
  createHash('sha256').update(JSON.stringify(objects)).digest('hex');

export function statusOf(row: Row, now: number): MigrationJobStatus {
  if (row.outcome) return row.outcome.status;
  if (!row.started_at) return 'CREATED';
  const elapsed = now - new Date(row.started_at).getTime();
  return elapsed < QUEUED_MS ? 'QUEUED' : 'IN_PROGRESS';
}

/** Runs the job's effects once a reader sees it past its running time. */
export async function settle(db: Database, user: UserSession, row: Row, now: number): Promise<Row> {
  if (row.outcome || !row.started_at || now - new Date(row.started_at).getTime() < RUN_MS)
    return row;
  return db.transaction(async (tx) => {
    const locked = await lockJob(tx, row.id);
    if (!locked || locked.outcome) return locked ?? row;
    const endTime = new Date(new Date(locked.started_at ?? 0).getTime() + RUN_MS).toISOString();
    const outcome =
      locked.kind === 'export' ? await runExport(tx, locked) : await runImport(tx, user, locked);
    await saveOutcome(tx, locked.id, { ...outcome, endTime });
    await notifyEnd(tx, locked, outcome.status, endTime);
    return { ...locked, outcome: { ...outcome, endTime } };
  });
}

/** Tells the job's creator in the bell that it ended; a successful export links its package. */
async function notifyEnd(tx: Queryable, row: Row, status: string, endTime: string): Promise<void> {
  const what = row.kind === 'export' ? 'Export' : 'Import';
  const actions =
    row.kind === 'export' && status === 'SUCCESSFUL'
      ? [
          {
            id: 'download',
            label: 'Download the package',
            kind: 'DOWNLOAD' as const,
            url: `/migration-service/api/v1/ExportJobs(${row.id})/$package`,
            status: null,
          },
        ]
      : [];
  await insertMessage(tx, row.created_by, {
    type: 'BELL_NOTIFICATION',
    priority: status === 'SUCCESSFUL' ? 'NORMAL' : 'HIGH',
    categories: ['jobs'],
    title: `${what} '${row.name}' ${status === 'SUCCESSFUL' ? 'finished' : 'failed'}`,
    body:
      status === 'SUCCESSFUL'
        ? `The ${what.toLowerCase()} job ended successfully.`
        : `The ${what.toLowerCase()} job failed; see its log.`,
    publishTime: endTime,
    actions,
  });
}

/**
 * What an export carries, in order: each object named, then (with dependencies) everything it
 * references, directly or through others, that an earlier one did not; `true` marks a
 * dependency. `graph` is `referenceGraph`'s answer for the objects named with dependencies.
 */
export function exportedObjects(
  objects: readonly { objectGuid: string; inclusionScope?: string }[],
  graph: ReadonlyMap<string, readonly string[]>,
): Map<string, boolean> {
  const chosen = new Map<string, boolean>();
  for (const o of objects) {
    chosen.set(o.objectGuid, false);
    if (o.inclusionScope !== 'WITH_DEPENDENCIES') continue;
    const queue = [o.objectGuid];
    for (let id = queue.shift(); id !== undefined; id = queue.shift())
      for (const ref of graph.get(id) ?? [])
        if (!chosen.has(ref)) {
          chosen.set(ref, true);
          queue.push(ref);
        }
  }
  return chosen;
}

async function runExport(tx: Queryable, row: Row): Promise<Omit<Outcome, 'endTime'>> {
  const log = [`Export '${row.name}' started (${row.run_type}, ${row.execution_client}).`];
  const specObjects = row.spec.objects ?? [];
  // Two queries whatever the size: the references, then the rows of what the export carries.
  const graph = await referenceGraph(
    tx,
    specObjects.filter((o) => o.inclusionScope === 'WITH_DEPENDENCIES').map((o) => o.objectGuid),
  );
  const chosen = exportedObjects(specObjects, graph);
  // Read by walking up from each object, not down the organisation's whole tree.
  const rows = await findEntities(tx, row.org_id, [...chosen.keys()]);
  const byId = new Map(rows.map((e) => [e.id, e]));
  const missing = specObjects.find((o) => !byId.has(o.objectGuid));
  if (missing) {
    log.push(`Object ${missing.objectGuid} is not in the repository.`);
    return {
      status: 'FAILED',
      message: `Object ${missing.objectGuid} is not in the repository.`,
      objects: [],
      log,
    };
  }
  const objects: PackageObject[] = [...chosen].map(([id, dependency]) => {
    const e = byId.get(id);
    return {
      objectGuid: id,
      name: e?.name ?? '',
      documentType: e?.document_type ?? '',
      path: e?.path ?? '',
      description: e?.description ?? '',
      nativeData: e?.native_data ?? {},
      dependency,
    };
  });
  log.push(
    ...objects.map(
      (o) => `Exported ${o.documentType} ${o.path}${o.dependency ? ' (dependency)' : ''}.`,
    ),
    'Export finished.',
  );
  return {
    status: 'SUCCESSFUL',
    message: null,
    log,
    package: { objects },
    objects: objects.map(exportedObject),
  };
}

/** How an ended export lists an object of its package. */
export const exportedObject = (o: PackageObject) => ({
  objectGuid: o.objectGuid,
  name: o.name,
  documentType: o.documentType,
  path: o.path,
  status: 'SUCCESSFUL' as const,
  dependency: o.dependency,
});

async function runImport(
  tx: Queryable,
  user: UserSession,
  row: Row,
): Promise<Omit<Outcome, 'endTime'>> {
  const spec = row.spec.importSpecification;
  const log = [`Import '${row.name}' started (${row.run_type}, ${row.execution_client}).`];
  const pkg = await findPackage(tx, spec?.packageId);
  if (!pkg || !spec) return { status: 'FAILED', message: 'The package is gone.', objects: [], log };
  if (!pkg.checksumValid && !row.relax_checksum) {
    log.push('The package checksum does not match its contents.');
    return {
      status: 'FAILED',
      message:
        'The package checksum does not match; start the job with relaxChecksum to import it anyway.',
      objects: [],
      log,
    };
  }
  if (!pkg.checksumValid) log.push('Checksum mismatch ignored (relaxChecksum).');
  const target = spec.targetLocationId ?? (await ensureDefaultProject(tx, user));
  const container = await findContainer(tx, user.orgId, target).catch(() => undefined);
  if (!container)
    return {
      status: 'FAILED',
      message: `The target location '${target}' does not exist.`,
      objects: [],
      log,
    };
  const chosen = pkg.objects.filter(
    (p) => !spec.objectGuids || spec.objectGuids.includes(p.objectGuid),
  );
  // The names taken in the target, looked up in one query; the objects written in one statement.
  const importable = chosen.filter(
    (o) => validateRepositoryName(o.name) === undefined && !CONTAINERS.includes(o.documentType),
  );
  const keyOf = (o: PackageObject) => `${o.documentType}\u0000${nameKey(o.name)}`;
  const existing = await conflictingIds(
    tx,
    user.orgId,
    importable.map((o) => ({ parentId: container.id, name: o.name, documentType: o.documentType })),
  );
  const taken = new Set(importable.filter((_, i) => existing[i]).map(keyOf));
  const written: NewDocument[] = [];
  const objects: MigrationObject[] = [];
  for (const o of chosen) {
    const base = {
      objectGuid: o.objectGuid,
      name: o.name,
      documentType: o.documentType,
      path: `${container.path}/${o.name}`,
      dependency: o.dependency,
    };
    // Packages stored before names were checked on upload: skipped, never a failure of the job.
    const problem = validateRepositoryName(o.name);
    if (problem) {
      log.push(`Skipped ${String(o.documentType)} ${String(o.name)}: ${problem}`);
      objects.push({ ...base, name: String(o.name), status: 'SKIPPED' });
      continue;
    }
    if (CONTAINERS.includes(o.documentType)) {
      log.push(`Skipped ${o.documentType} ${o.name}: containers are not imported.`);
      objects.push({ ...base, status: 'SKIPPED' });
      continue;
    }
    if (taken.has(keyOf(o))) {
      log.push(`Skipped ${o.documentType} ${o.name}: the name is taken in ${container.path}.`);
      objects.push({ ...base, status: 'SKIPPED' });
      continue;
    }
    if (row.run_type === 'REGULAR') {
      // A later object of the same name and type in the package finds this one's name taken.
      taken.add(keyOf(o));
      written.push({
        ownerId: row.created_by,
        name: o.name,
        documentType: o.documentType,
        description: o.description,
        nativeData: o.nativeData,
      });
    }
    log.push(
      `${row.run_type === 'REGULAR' ? 'Imported' : 'Would import'} ${o.documentType} ${base.path}.`,
    );
    objects.push({ ...base, status: 'SUCCESSFUL' });
  }
  await insertEntities(tx, user.orgId, container.id, written);
  log.push('Import finished.');
  return { status: 'SUCCESSFUL', message: null, objects, log };
}
