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
import type { Database, Queryable } from '../db/database.ts';
import { checkStorable } from './inputs.ts';
import {
  dependenciesOf,
  ensureDefaultProject,
  findContainer,
  freeName,
  insertEntity,
  selectEntities,
} from '../db/repository.ts';
import { requirePermission, requireSubtree } from '../policy/policy.ts';
import { ApiError, badRequest, conflict, notFound } from '../errors.ts';
import { checkNameRules } from './kit.ts';
import { newId } from '../ids.ts';
import type { ContractRouter } from './router.ts';

/** A job waits this long in QUEUED after it starts… */
export const QUEUED_MS = 150;
/** …and has ended this long after it started: clients poll; no timers run. */
export const RUN_MS = 600;

const m = contract.migration;
interface PackageObject {
  objectGuid: string;
  name: string;
  documentType: string;
  path: string;
  description: string;
  nativeData: Record<string, unknown>;
  dependency: boolean;
}
interface Outcome {
  status: 'SUCCESSFUL' | 'FAILED';
  message: string | null;
  objects: MigrationObject[];
  log: string[];
  package?: { objects: PackageObject[] };
  endTime: string;
}
interface Row {
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
const checksumOf = (objects: unknown) =>
  createHash('sha256').update(JSON.stringify(objects)).digest('hex');

function statusOf(row: Row, now = Date.now()): MigrationJobStatus {
  if (row.outcome) return row.outcome.status;
  if (!row.started_at) return 'CREATED';
  const elapsed = now - new Date(row.started_at).getTime();
  return elapsed < QUEUED_MS ? 'QUEUED' : 'IN_PROGRESS';
}

/** Runs the job's effects once a reader sees it past its running time. */
async function settle(db: Database, user: UserSession, row: Row): Promise<Row> {
  if (row.outcome || !row.started_at || Date.now() - new Date(row.started_at).getTime() < RUN_MS)
    return row;
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<Row>('select * from migration_jobs where id = $1 for update', [
      row.id,
    ]);
    if (!locked || locked.outcome) return locked ?? row;
    const endTime = new Date(new Date(locked.started_at ?? 0).getTime() + RUN_MS).toISOString();
    const outcome =
      locked.kind === 'export' ? await runExport(tx, locked) : await runImport(tx, user, locked);
    await tx.query('update migration_jobs set outcome = $2 where id = $1', [
      locked.id,
      JSON.stringify({ ...outcome, endTime }),
    ]);
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
            kind: 'DOWNLOAD',
            url: `/migration-service/api/v1/ExportJobs(${row.id})/$package`,
            status: null,
          },
        ]
      : [];
  await tx.query(
    `insert into notification_messages (id, notification_id, user_id, status, type, priority, categories, title, body, publish_time, created_at, actions)
     values ($1, $2, $3, 'NEW', 'BELL_NOTIFICATION', $4, '["jobs"]', $5, $6, $7, $7, $8)`,
    [
      newId(),
      `ntf-${newId()}`,
      row.created_by,
      status === 'SUCCESSFUL' ? 'NORMAL' : 'HIGH',
      `${what} '${row.name}' ${status === 'SUCCESSFUL' ? 'finished' : 'failed'}`,
      status === 'SUCCESSFUL'
        ? `The ${what.toLowerCase()} job ended successfully.`
        : `The ${what.toLowerCase()} job failed; see its log.`,
      endTime,
      JSON.stringify(actions),
    ],
  );
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
        const refs = await tx.query<{ to_id: string }>(
          'select to_id from frs_refs where from_id = $1',
          [queue.shift()],
        );
        for (const ref of refs)
          if (!chosen.has(ref.to_id)) {
            chosen.set(ref.to_id, true);
            queue.push(ref.to_id);
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
  const [pkg] = await tx.query<{ content: { objects: PackageObject[] }; checksum_valid: boolean }>(
    'select content, checksum_valid from migration_packages where id = $1',
    [spec?.packageId],
  );
  if (!pkg || !spec) return { status: 'FAILED', message: 'The package is gone.', objects: [], log };
  if (!pkg.checksum_valid && !row.relax_checksum) {
    log.push('The package checksum does not match its contents.');
    return {
      status: 'FAILED',
      message:
        'The package checksum does not match; start the job with relaxChecksum to import it anyway.',
      objects: [],
      log,
    };
  }
  if (!pkg.checksum_valid) log.push('Checksum mismatch ignored (relaxChecksum).');
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
  for (const o of pkg.content.objects.filter(
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

/**
 * Writes a new job with the defaults of PC-9.9 (executionClient UI, runType REGULAR). Export
 * jobs start at once; import jobs wait for StartImportJob.
 */
async function insertJob(
  db: Queryable,
  job: {
    id: string;
    kind: 'export' | 'import';
    user: UserSession;
    body: { name: string; executionClient?: string; runType?: string };
    spec: object;
    started: boolean;
  },
): Promise<void> {
  await db.query(
    `insert into migration_jobs (id, org_id, kind, name, execution_client, run_type, spec, created_by, started_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, case when $9 then now() end)`,
    [
      job.id,
      job.user.orgId,
      job.kind,
      job.body.name,
      job.body.executionClient ?? 'UI',
      job.body.runType ?? 'REGULAR',
      JSON.stringify(job.spec),
      job.user.id,
      job.started,
    ],
  );
}

function toJob(row: Row): ExportJob | ImportJob {
  const base = {
    id: row.id,
    name: row.name,
    executionClient: row.execution_client as 'UI',
    runType: row.run_type as 'REGULAR',
    status: statusOf(row),
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

export function migrationRoutes(router: ContractRouter, db: Database): void {
  const load = async (user: UserSession, id: string, kind: Row['kind']) => {
    const [row] = await db.query<Row>(
      'select * from migration_jobs where id = $1 and org_id = $2 and kind = $3',
      [id, user.orgId, kind],
    );
    if (!row) throw notFound(`The ${kind} job '${id}'`);
    return settle(db, user, row);
  };
  const listJobs = async (user: UserSession, kind: Row['kind']) => {
    const rows = await db.query<Row>(
      'select * from migration_jobs where org_id = $1 and kind = $2 order by created_at desc',
      [user.orgId, kind],
    );
    return { value: await Promise.all(rows.map(async (r) => toJob(await settle(db, user, r)))) };
  };
  /** A package carries the content of every object it names and of what they contain. */
  const requireExportable = async (
    user: UserSession,
    objects: readonly { objectGuid: string; inclusionScope: string }[],
  ) => {
    for (const o of objects) {
      const carried =
        o.inclusionScope === 'WITH_DEPENDENCIES' ? await dependenciesOf(db, o.objectGuid) : [];
      for (const id of [o.objectGuid, ...carried]) await requireSubtree(db, user, id, 'read');
    }
  };
  const ended = (row: Row, what: string) => {
    if (!row.outcome)
      throw new ApiError(
        409,
        'JOB_NOT_ENDED',
        `The job '${row.name}' is ${statusOf(row)}; its ${what} is ready once it has ended. Poll the job.`,
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
    const id = newId();
    await insertJob(db, {
      id,
      kind: 'export',
      user: session.user,
      body,
      spec: { objects: body.objects },
      started: true,
    });
    return toJob(await load(session.user, id, 'export')) as ExportJob;
  });
  router.add(
    m.getExportJob,
    {},
    async ({ session, params }) =>
      toJob(await load(session.user, params.id, 'export')) as ExportJob,
  );
  router.add(m.updateExportJob, {}, async ({ session, params, body }) => {
    checkNameRules({ name: body.name });
    await requireExportable(session.user, body.objects);
    const row = await load(session.user, params.id, 'export');
    if (!row.outcome)
      throw conflict(`The export '${row.name}' is ${statusOf(row)}; change it once it has ended.`);
    await db.query(
      'update migration_jobs set name = $2, execution_client = $3, run_type = $4, spec = $5, started_at = now(), outcome = null where id = $1',
      [
        row.id,
        body.name,
        body.executionClient ?? 'UI',
        body.runType ?? 'REGULAR',
        JSON.stringify({ objects: body.objects }),
      ],
    );
    return toJob(await load(session.user, row.id, 'export')) as ExportJob;
  });
  router.add(m.getExportObjects, {}, async ({ session, params }) => {
    const row = await load(session.user, params.id, 'export');
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
    const outcome = ended(await load(session.user, params.id, 'export'), 'package');
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
    const row = await load(user, id, kind);
    reply.header('Content-Type', 'text/plain; charset=utf-8');
    return (row.outcome?.log ?? [`${kind} '${row.name}' is ${statusOf(row)}.`]).join('\n');
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
    const id = newId();
    await db.query(
      'insert into migration_packages (id, org_id, content, checksum_valid) values ($1, $2, $3, $4)',
      [id, session.user.orgId, JSON.stringify({ objects }), checksumValid],
    );
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
    const [pkg] = await db.query('select 1 from migration_packages where id = $1 and org_id = $2', [
      body.importSpecification.packageId,
      session.user.orgId,
    ]);
    if (!pkg) throw notFound(`The package '${body.importSpecification.packageId}'`);
    const target = await findContainer(
      db,
      session.user.orgId,
      body.importSpecification.targetLocationId ?? (await ensureDefaultProject(db, session.user)),
    );
    await requirePermission(db, session.user, target, 'update');
    const id = newId();
    await insertJob(db, {
      id,
      kind: 'import',
      user: session.user,
      body,
      spec: { importSpecification: body.importSpecification },
      started: false,
    });
    return toJob(await load(session.user, id, 'import')) as ImportJob;
  });
  router.add(
    m.getImportJob,
    {},
    async ({ session, params }) =>
      toJob(await load(session.user, params.id, 'import')) as ImportJob,
  );
  router.add(m.startImportJob, {}, async ({ session, body }) => {
    const row = await load(session.user, body.jobId, 'import');
    if (row.started_at)
      throw conflict(`The import '${row.name}' is ${statusOf(row)}; it has been started already.`);
    await db.query(
      'update migration_jobs set started_at = now(), relax_checksum = $2 where id = $1',
      [row.id, body.relaxChecksum ?? false],
    );
    return toJob(await load(session.user, row.id, 'import')) as ImportJob;
  });
  router.add(m.getImportObjects, {}, async ({ session, params }) => {
    const row = await load(session.user, params.id, 'import');
    if (row.outcome) return { value: row.outcome.objects };
    const [pkg] = await db.query<{ content: { objects: PackageObject[] } }>(
      'select content from migration_packages where id = $1',
      [row.spec.importSpecification?.packageId],
    );
    return {
      value: (pkg?.content.objects ?? []).map((o) => ({
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
