import {
  contract,
  validateDescription,
  validateRepositoryName,
  type ExportJob,
  type ImportJob,
  type PackageObject,
  type UserSession,
} from '@ics/platform-contract';
import { instantOf } from '../clock.ts';
import {
  findJob,
  findPackage,
  insertJob,
  insertPackage,
  listJobs as listStoredJobs,
  restartExport,
  startImport,
  type JobRow as Row,
  type JobSettings,
} from '../db/migrationJobs.ts';
import { findContainer } from '../db/repository/entities.ts';
import { referenceGraph } from '../db/repository/trees.ts';
import { ensureDefaultProject } from '../db/repository/writes.ts';
import { checkStorable } from '../http/inputs.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';
import { checksumOf, exportedObjects, settle, statusOf } from '../jobs/migrationJobs.ts';
import {
  requireJob,
  requirePermission,
  requireReadableNow,
  requireSubtrees,
  visibleJobs,
} from '../policy/policy.ts';
import { ApiError, badRequest, conflict, notFound } from '../errors.ts';

const m = contract.migration;

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
    checkStorable(target, o);
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
  });
  return objects as PackageObject[];
}

/** How the job routes read, create and list jobs for a user; every read settles the job first. */
function jobAccess({ db, clock }: RouteDeps) {
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
  /**
   * Runs the listed jobs that have ended one after the other, not all at once: each run is one
   * transaction, and the embedded database queues other users' queries behind every transaction
   * already waiting, so runs queued together would hold them for all of the runs (decision 0977).
   */
  const listJobs = async (user: UserSession, kind: Row['kind']) => {
    const rows = visibleJobs(user, await listStoredJobs(db, user.orgId, kind));
    const now = clock.now();
    const value = [];
    for (const row of rows) value.push(toJob(await settle(db, user, row, now), now));
    return { value };
  };
  /**
   * A package carries the content of every object it names, of what they contain and (with
   * dependencies) of every object they reference, directly or through others: three queries
   * whatever their number (the references, the subtrees, their ACLs).
   */
  const requireExportable = async (
    user: UserSession,
    objects: readonly { objectGuid: string; inclusionScope: string }[],
  ) => {
    const roots = objects.filter((o) => o.inclusionScope === 'WITH_DEPENDENCIES');
    const graph = await referenceGraph(
      db,
      roots.map((o) => o.objectGuid),
    );
    // In the order an export carries them: a refusal names the first refused object.
    const ids = [...exportedObjects(objects, graph).keys()];
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
  return { load, loadExportArtefacts, createJob, listJobs, requireExportable, ended, log };
}

type JobAccess = ReturnType<typeof jobAccess>;

function exportJobRoutes(router: ContractRouter, { db, clock }: RouteDeps, jobs: JobAccess): void {
  const { load, loadExportArtefacts, createJob, listJobs, requireExportable, ended, log } = jobs;
  router.add(
    m.getExportJobs,
    async ({ session }) => (await listJobs(session.user, 'export')) as { value: ExportJob[] },
  );
  router.add(m.createExportJob, async ({ session, body }) => {
    await requireExportable(session.user, body.objects);
    const spec = { objects: body.objects };
    return (await createJob(session.user, 'export', body, spec, true)) as ExportJob;
  });
  router.add(
    m.getExportJob,
    async ({ session, params }) =>
      toJob(await load(session.user, params.id, 'export'), clock.now()) as ExportJob,
  );
  router.add(m.updateExportJob, async ({ session, params, body }) => {
    await requireExportable(session.user, body.objects);
    const row = await load(session.user, params.id, 'export');
    if (!row.outcome)
      throw conflict(
        `The export '${row.name}' is ${statusOf(row, clock.now())}; change it once it has ended.`,
      );
    await restartExport(db, row.id, body, { objects: body.objects }, instantOf(clock));
    return toJob(await load(session.user, row.id, 'export'), clock.now()) as ExportJob;
  });
  router.add(m.getExportObjects, async ({ session, params }) => {
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
  router.add(m.getExportPackage, async ({ session, params, reply }) => {
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
  router.add(m.getExportLog, async ({ session, params, reply }) =>
    log(session.user, params.id, 'export', reply),
  );
}

function importJobRoutes(router: ContractRouter, { db, clock }: RouteDeps, jobs: JobAccess): void {
  const { load, createJob, listJobs, log } = jobs;
  router.add(
    m.getImportJobs,
    async ({ session }) => (await listJobs(session.user, 'import')) as { value: ImportJob[] },
  );
  router.add(m.getImportLog, async ({ session, params, reply }) =>
    log(session.user, params.id, 'import', reply),
  );

  router.add(m.uploadImportPackage, async ({ session, body }) => {
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
  router.add(m.createImportJob, async ({ session, body }) => {
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
    async ({ session, params }) =>
      toJob(await load(session.user, params.id, 'import'), clock.now()) as ImportJob,
  );
  router.add(m.startImportJob, async ({ session, body }) => {
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
  router.add(m.getImportObjects, async ({ session, params }) => {
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
}

export function migrationRoutes(router: ContractRouter, deps: RouteDeps): void {
  const jobs = jobAccess(deps);
  exportJobRoutes(router, deps, jobs);
  importJobRoutes(router, deps, jobs);
  router.add(m.getComparableObjectTypes, async () => ({
    value: [
      { documentType: 'MAPPING', label: 'Mapping' },
      { documentType: 'CONNECTION', label: 'Connection' },
      { documentType: 'TASKFLOW', label: 'Taskflow' },
      { documentType: 'TEMPLATE', label: 'Template' },
    ],
  }));
}
