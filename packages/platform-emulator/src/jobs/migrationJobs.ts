import { createHash } from 'node:crypto';
import {
  validateRepositoryName,
  type MigrationJobStatus,
  type MigrationObject,
  type UserSession,
} from '@ics/platform-contract';
import type { Database, Queryable } from '../db/database.ts';
import {
  findPackage,
  lockJob,
  referencesOf,
  saveOutcome,
  type JobRow as Row,
  type Outcome,
  type PackageObject,
} from '../db/migrationJobs.ts';
import { insertMessage } from '../db/notifications.ts';
import {
  ensureDefaultProject,
  findContainer,
  freeName,
  insertEntity,
  selectEntities,
} from '../db/repository.ts';

// The migration job engine: a job's status follows from its start time on the emulator's
// clock, and its effects (export package, imported objects, bell message) run once, when a
// reader first sees it past its running time. Routes read jobs through `settle`.

/** A job waits this long in QUEUED after it starts (on the emulator's clock)… */
export const QUEUED_MS = 150;
/** …and has ended this long after it started: clients poll; no timers run. */
export const RUN_MS = 600;

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

async function runExport(tx: Queryable, row: Row): Promise<Omit<Outcome, 'endTime'>> {
  const log = [`Export '${row.name}' started (${row.run_type}, ${row.execution_client}).`];
  const all = await selectEntities(tx, row.org_id, 'true', []);
  const byId = new Map(all.map((e) => [e.id, e]));
  const chosen = new Map<string, boolean>();
  for (const o of row.spec.objects ?? []) {
    if (!byId.has(o.objectGuid)) {
      log.push(`Object ${o.objectGuid} is not in the repository.`);
      return {
        status: 'FAILED',
        message: `Object ${o.objectGuid} is not in the repository.`,
        objects: [],
        log,
      };
    }
    chosen.set(o.objectGuid, false);
    if (o.inclusionScope === 'WITH_DEPENDENCIES') {
      const queue = [o.objectGuid];
      while (queue.length > 0) {
        for (const ref of await referencesOf(tx, queue.shift() ?? ''))
          if (!chosen.has(ref)) {
            chosen.set(ref, true);
            queue.push(ref);
          }
      }
    }
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
    objects: objects.map((o) => ({
      objectGuid: o.objectGuid,
      name: o.name,
      documentType: o.documentType,
      path: o.path,
      status: 'SUCCESSFUL',
      dependency: o.dependency,
    })),
  };
}

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
  const objects: MigrationObject[] = [];
  for (const o of pkg.objects.filter(
    (p) => !spec.objectGuids || spec.objectGuids.includes(p.objectGuid),
  )) {
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
    if (['Project', 'Folder'].includes(o.documentType)) {
      log.push(`Skipped ${o.documentType} ${o.name}: containers are not imported.`);
      objects.push({ ...base, status: 'SKIPPED' });
      continue;
    }
    const name = await freeName(tx, user.orgId, container.id, o.name, o.documentType);
    if (name !== o.name) {
      log.push(`Skipped ${o.documentType} ${o.name}: the name is taken in ${container.path}.`);
      objects.push({ ...base, status: 'SKIPPED' });
      continue;
    }
    if (row.run_type === 'REGULAR') {
      await insertEntity(tx, {
        orgId: user.orgId,
        ownerId: row.created_by,
        name: o.name,
        documentType: o.documentType,
        parentId: container.id,
        description: o.description,
        nativeData: o.nativeData,
      });
    }
    log.push(
      `${row.run_type === 'REGULAR' ? 'Imported' : 'Would import'} ${o.documentType} ${base.path}.`,
    );
    objects.push({ ...base, status: 'SUCCESSFUL' });
  }
  log.push('Import finished.');
  return { status: 'SUCCESSFUL', message: null, objects, log };
}
