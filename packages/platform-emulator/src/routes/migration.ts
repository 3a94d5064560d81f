import { createHash } from 'node:crypto';
import {
  contract,
  validateDescription,
  validateRepositoryName,
  type ExportJob,
  type ImportJob,
  type MigrationJobStatus,
  type MigrationObject,
  type UserSession,
} from '@ics/platform-contract';
import { instantOf, type EmulatorClock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  findJob,
  findPackage,
  insertJob,
  insertPackage,
  listJobs as listStoredJobs,
  lockJob,
  referencesOf,
  restartExport,
  saveOutcome,
  startImport,
  type JobRow as Row,
  type JobSettings,
  type Outcome,
  type PackageObject,
} from '../db/migrationJobs.ts';
import { insertMessage } from '../db/notifications.ts';
import { checkStorable } from './inputs.ts';
import {
  dependenciesOf,
  ensureDefaultProject,
  findContainer,
  freeName,
  insertEntity,
  selectEntities,
} from '../db/repository.ts';
import {
  requireJob,
  requirePermission,
  requireReadableNow,
  requireSubtrees,
  visibleJobs,
} from '../policy/policy.ts';
import { ApiError, badRequest, conflict, notFound } from '../errors.ts';
import { checkNameRules } from './kit.ts';
import type { ContractRouter } from './router.ts';

/** A job waits this long in QUEUED after it starts (on the emulator's clock)… */
export const QUEUED_MS = 150;
/** …and has ended this long after it started: clients poll; no timers run. */
export const RUN_MS = 600;

const m = contract.migration;
const checksumOf = (objects: unknown) =>
  createHash('sha256').update(JSON.stringify(objects)).digest('hex');

function statusOf(row: Row, now: number): MigrationJobStatus {
  if (row.outcome) return row.outcome.status;
  if (!row.started_at) return 'CREATED';
  const elapsed = now - new Date(row.started_at).getTime();
  return elapsed < QUEUED_MS ? 'QUEUED' : 'IN_PROGRESS';
}

/** Runs the job's effects once a reader sees it past its running time. */
async function settle(db: Database, user: UserSession, row: Row, now: number): Promise<Row> {
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

/** The repository objects an export job names or carries: what its artefacts reveal. */
function carriedBy(row: Row): string[] {
  return [
    ...(row.spec.objects ?? []).map((o) => o.objectGuid),
    ...(row.outcome?.objects ?? []).map((o) => o.objectGuid),
  ];
}

function toJob(row: Row, now: number): ExportJob | ImportJob {
  const base = {
    id: row.id,
    name: row.name,
    executionClient: row.execution_client as 'UI',
    runType: row.run_type as 'REGULAR',
    status: statusOf(row, now),
    createdBy: row.created_by,
    createdTime: new Date(row.created_at).toISOString(),
    startTime: row.started_at ? new Date(row.started_at).toISOString() : null,
    endTime: row.outcome?.endTime ?? null,
    message: row.outcome?.message ?? null,
  };
  return row.kind === 'export'
    ? { ...base, objects: (row.spec.objects ?? []) as ExportJob['objects'] }
    : {
        ...base,
        importSpecification: row.spec.importSpecification as ImportJob['importSpecification'],
        relaxChecksum: row.relax_checksum,
      };
}

const packageObject = {
  objectGuid: (v: unknown) => typeof v === 'string' && /^[\w-]{1,64}$/.test(v),
  name: (v: unknown) => validateRepositoryName(v) === undefined,
  documentType: (v: unknown) => typeof v === 'string' && /^[A-Za-z_]{1,64}$/.test(v),
  path: (v: unknown) => typeof v === 'string' && v.length <= 4000,
  description: (v: unknown) => validateDescription(v) === undefined,
  nativeData: (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v),
  dependency: (v: unknown) => typeof v === 'boolean',
} as const;

/** The objects of an uploaded package, each checked against the rules of a direct write (400 otherwise). */
function checkPackageObjects(objects: readonly unknown[]): PackageObject[] {
  const refuse = (target: string, message: string) => badRequest(target, `${target} ${message}`);
  if (objects.length > 500) throw refuse('body.objects', 'holds more than 500 objects.');
  objects.forEach((o, i) => {
    const target = `body.objects.${i}`;
    if (typeof o !== 'object' || o === null || Array.isArray(o))
      throw refuse(target, 'is not an object of the package.');
    for (const key of Object.keys(o)) {
      if (!Object.hasOwn(packageObject, key))
        throw refuse(`${target}.${key}`, `is not a field of a package object.`);
    }
    for (const [key, valid] of Object.entries(packageObject)) {
      const value = (o as Record<string, unknown>)[key];
      if (!valid(value)) {
        const problem = key === 'name' ? validateRepositoryName(value) : undefined;
        throw refuse(`${target}.${key}`, problem ?? `is missing or not valid.`);
      }
    }
    checkStorable(target, o);
  });
  return objects as PackageObject[];
}

export function migrationRoutes(router: ContractRouter, db: Database, clock: EmulatorClock): void {
  const load = async (user: UserSession, id: string, kind: Row['kind']) => {
    const row = requireJob(user, await findJob(db, user.orgId, id, kind), id, kind);
    return settle(db, user, row, clock.now());
  };
  /**
   * An export job whose artefacts (objects, log, package) the user may see now: the job is
   * theirs or they administer, and they may read every object it carries at this moment.
   */
  const loadExportArtefacts = async (user: UserSession, id: string) => {
    const row = await load(user, id, 'export');
    await requireReadableNow(db, user, carriedBy(row));
    return row;
  };
  /** Writes a job created now on the emulator's clock and answers it as read back. */
  const createJob = async (
    user: UserSession,
    kind: Row['kind'],
    settings: JobSettings,
    spec: object,
    started: boolean,
  ) => {
    const id = await insertJob(db, { kind, user, settings, spec, started }, instantOf(clock));
    return toJob(await load(user, id, kind), clock.now());
  };
  const listJobs = async (user: UserSession, kind: Row['kind']) => {
    const rows = visibleJobs(user, await listStoredJobs(db, user.orgId, kind));
    const now = clock.now();
    return {
      value: await Promise.all(rows.map(async (r) => toJob(await settle(db, user, r, now), now))),
    };
  };
  /** A package carries the content of every object it names and of what they contain. */
  const requireExportable = async (
    user: UserSession,
    objects: readonly { objectGuid: string; inclusionScope: string }[],
  ) => {
    const ids: string[] = [];
    for (const o of objects) {
      const carried =
        o.inclusionScope === 'WITH_DEPENDENCIES' ? await dependenciesOf(db, o.objectGuid) : [];
      ids.push(o.objectGuid, ...carried);
    }
    await requireSubtrees(db, user, ids, 'read');
  };
  const ended = (row: Row, what: string) => {
    if (!row.outcome)
      throw new ApiError(
        409,
        'JOB_NOT_ENDED',
        `The job '${row.name}' is ${statusOf(row, clock.now())}; its ${what} is ready once it has ended. Poll the job.`,
      );
    return row.outcome;
  };

  router.add(
    m.getExportJobs,
    {},
    async ({ session }) => (await listJobs(session.user, 'export')) as { value: ExportJob[] },
  );
  router.add(
    m.getImportJobs,
    {},
    async ({ session }) => (await listJobs(session.user, 'import')) as { value: ImportJob[] },
  );
  router.add(m.createExportJob, {}, async ({ session, body }) => {
    checkNameRules({ name: body.name });
    await requireExportable(session.user, body.objects);
    const spec = { objects: body.objects };
    return (await createJob(session.user, 'export', body, spec, true)) as ExportJob;
  });
  router.add(
    m.getExportJob,
    {},
    async ({ session, params }) =>
      toJob(await load(session.user, params.id, 'export'), clock.now()) as ExportJob,
  );
  router.add(m.updateExportJob, {}, async ({ session, params, body }) => {
    checkNameRules({ name: body.name });
    await requireExportable(session.user, body.objects);
    const row = await load(session.user, params.id, 'export');
    if (!row.outcome)
      throw conflict(
        `The export '${row.name}' is ${statusOf(row, clock.now())}; change it once it has ended.`,
      );
    await restartExport(db, row.id, body, { objects: body.objects }, instantOf(clock));
    return toJob(await load(session.user, row.id, 'export'), clock.now()) as ExportJob;
  });
  router.add(m.getExportObjects, {}, async ({ session, params }) => {
    const row = await loadExportArtefacts(session.user, params.id);
    return {
      value:
        row.outcome?.objects ??
        (row.spec.objects ?? []).map((o) => ({
          objectGuid: o.objectGuid,
          name: '',
          documentType: '',
          path: '',
          status: 'PENDING' as const,
          dependency: false,
        })),
    };
  });
  router.add(m.getExportPackage, {}, async ({ session, params, reply }) => {
    const outcome = ended(await loadExportArtefacts(session.user, params.id), 'package');
    if (outcome.status !== 'SUCCESSFUL' || !outcome.package)
      throw conflict('The export failed; it has no package.');
    const objects = outcome.package.objects;
    reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="export-${params.id}.icspkg"`);
    const bytes = Buffer.from(
      JSON.stringify({ format: 'ics-package/1', checksum: checksumOf(objects), objects }),
    );
    // The contract types the answer as the Blob the client receives; the server sends bytes.
    return bytes as unknown as Blob;
  });
  const log = async (
    user: UserSession,
    id: string,
    kind: Row['kind'],
    reply: { header(k: string, v: string): unknown },
  ) => {
    const row =
      kind === 'export' ? await loadExportArtefacts(user, id) : await load(user, id, kind);
    reply.header('Content-Type', 'text/plain; charset=utf-8');
    return (row.outcome?.log ?? [`${kind} '${row.name}' is ${statusOf(row, clock.now())}.`]).join(
      '\n',
    );
  };
  router.add(m.getExportLog, {}, async ({ session, params, reply }) =>
    log(session.user, params.id, 'export', reply),
  );
  router.add(m.getImportLog, {}, async ({ session, params, reply }) =>
    log(session.user, params.id, 'import', reply),
  );

  router.add(m.uploadImportPackage, {}, async ({ session, body }) => {
    if (!Buffer.isBuffer(body))
      throw badRequest(
        'body',
        'Send the package as binary (Content-Type: application/octet-stream).',
      );
    let parsed: { format?: unknown; checksum?: unknown; objects?: unknown };
    try {
      parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
    } catch {
      throw badRequest('body', 'This is not a package exported by the platform.');
    }
    if (parsed.format !== 'ics-package/1' || !Array.isArray(parsed.objects))
      throw badRequest('body', 'This is not a package exported by the platform.');
    // As strict as a direct write: a package is checked whole before anything is stored.
    const objects = checkPackageObjects(parsed.objects);
    const checksumValid = parsed.checksum === checksumOf(objects);
    const id = await insertPackage(db, session.user.orgId, objects, checksumValid);
    return {
      packageId: id,
      checksumValid,
      objects: objects.map((o) => ({
        objectGuid: o.objectGuid,
        name: o.name,
        documentType: o.documentType,
        path: o.path,
        status: 'PENDING' as const,
        dependency: o.dependency,
      })),
    };
  });
  router.add(m.createImportJob, {}, async ({ session, body }) => {
    checkNameRules({ name: body.name });
    const pkg = await findPackage(db, body.importSpecification.packageId, session.user.orgId);
    if (!pkg) throw notFound(`The package '${body.importSpecification.packageId}'`);
    const target = await findContainer(
      db,
      session.user.orgId,
      body.importSpecification.targetLocationId ?? (await ensureDefaultProject(db, session.user)),
    );
    await requirePermission(db, session.user, target, 'update');
    const spec = { importSpecification: body.importSpecification };
    return (await createJob(session.user, 'import', body, spec, false)) as ImportJob;
  });
  router.add(
    m.getImportJob,
    {},
    async ({ session, params }) =>
      toJob(await load(session.user, params.id, 'import'), clock.now()) as ImportJob,
  );
  router.add(m.startImportJob, {}, async ({ session, body }) => {
    const row = await load(session.user, body.jobId, 'import');
    if (row.started_at)
      throw conflict(
        `The import '${row.name}' is ${statusOf(row, clock.now())}; it has been started already.`,
      );
    // Whoever starts (and may relax the checksum) writes into the target: 'update' on it, now.
    const targetId =
      row.spec.importSpecification?.targetLocationId ??
      (await ensureDefaultProject(db, session.user));
    const target = await findContainer(db, session.user.orgId, targetId).catch(() => undefined);
    if (target) await requirePermission(db, session.user, target, 'update');
    await startImport(db, row.id, body.relaxChecksum ?? false, instantOf(clock));
    return toJob(await load(session.user, row.id, 'import'), clock.now()) as ImportJob;
  });
  router.add(m.getImportObjects, {}, async ({ session, params }) => {
    const row = await load(session.user, params.id, 'import');
    if (row.outcome) return { value: row.outcome.objects };
    const pkg = await findPackage(db, row.spec.importSpecification?.packageId);
    return {
      value: (pkg?.objects ?? []).map((o) => ({
        objectGuid: o.objectGuid,
        name: o.name,
        documentType: o.documentType,
        path: o.path,
        status: 'PENDING' as const,
        dependency: o.dependency,
      })),
    };
  });
  router.add(m.getComparableObjectTypes, {}, async () => ({
    value: [
      { documentType: 'MAPPING', label: 'Mapping' },
      { documentType: 'CONNECTION', label: 'Connection' },
      { documentType: 'TASKFLOW', label: 'Taskflow' },
      { documentType: 'TEMPLATE', label: 'Template' },
    ],
  }));
}
