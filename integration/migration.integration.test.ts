import type { ExportJob, ImportJob } from '@ics/platform-contract';
import type { Emulator } from '@ics/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '@ics/platform-client';
import { signedInClient, startEmulator } from './support.ts';

let emulator: Emulator;
let url: string;
let ada: PlatformClient;
let nia: PlatformClient;
let mappingId: string;
/** The emulator's clock: tests advance it instead of waiting for jobs to run. */
let now = Date.now();

beforeAll(async () => {
  ({ emulator, url } = await startEmulator({ clock: { now: () => now } }));
  // The clock moves by hours between calls here: the organisations' idle timeout is 12 hours, so
  // the sessions end on the server only as a real idle one would (decision 0982).
  await emulator.db.query(
    `insert into org_attributes (org_id, name, value)
     select id, 'session.idleTimeoutSeconds', '43200' from orgs
     on conflict (org_id, name) do update set value = excluded.value`,
  );
  ({ client: ada } = await signedInClient(url, 'ada'));
  ({ client: nia } = await signedInClient(url, 'nia'));
  const home = await ada.repository.fetchDefaultLocation();
  mappingId =
    (await ada.repository.getProjectEntities(home.id)).find((e) => e.documentType === 'MAPPING')
      ?.id ?? '';
});
afterAll(() => emulator.close());

/**
 * Polls a job as an application would, 100 ms apart on the emulator's clock, recording each
 * state seen.
 */
async function poll<J extends ExportJob | ImportJob>(read: () => Promise<J>) {
  const seen: string[] = [];
  for (let i = 0; i < 100; i++) {
    const job = await read();
    if (seen.at(-1) !== job.status) seen.push(job.status);
    if (job.status === 'SUCCESSFUL' || job.status === 'FAILED') return { job, seen };
    now += 100;
  }
  throw new Error(`The job never ended; states seen: ${seen.join(', ')}`);
}

async function exportMapping(scope: 'WITH_DEPENDENCIES' | 'WITHOUT_DEPENDENCIES') {
  const created = await ada.migration.createExportJob({
    name: `Export ${scope}`,
    objects: [{ objectGuid: mappingId, inclusionScope: scope }],
  });
  return { created, ...(await poll(() => ada.migration.getExportJob(created.id))) };
}

describe('given migration jobs over real HTTP', () => {
  it('[PC-9.9] creates jobs with runType REGULAR and executionClient UI unless told otherwise', async () => {
    const { created } = await exportMapping('WITHOUT_DEPENDENCIES');
    expect(created).toMatchObject({ runType: 'REGULAR', executionClient: 'UI' });
    const api = await ada.migration.createExportJob({
      name: 'By API',
      objects: [{ objectGuid: mappingId, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
      executionClient: 'API',
      runType: 'DRY_RUN',
    });
    expect(api).toMatchObject({ runType: 'DRY_RUN', executionClient: 'API' });
    expect((await ada.migration.getExportJobs()).map((j) => j.name)).toEqual(
      expect.arrayContaining(['By API', 'Export WITHOUT_DEPENDENCIES']),
    );
  });

  it('[PC-9.9] exports WITH_DEPENDENCIES the referenced objects too, and WITHOUT_DEPENDENCIES only the chosen one', async () => {
    const withDeps = await exportMapping('WITH_DEPENDENCIES');
    expect(
      (await ada.migration.getExportObjects(withDeps.job.id)).map((o) => [o.name, o.dependency]),
    ).toEqual([
      ['Load orders', false],
      ['Orders DB', true],
    ]);
    const without = await exportMapping('WITHOUT_DEPENDENCIES');
    expect((await ada.migration.getExportObjects(without.job.id)).map((o) => o.name)).toEqual([
      'Load orders',
    ]);
    await expect(
      ada.migration.createExportJob({
        name: 'Bad scope',
        objects: [{ objectGuid: mappingId, inclusionScope: 'EVERYTHING' as 'WITH_DEPENDENCIES' }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('[PC-7.12] moves an export through its states as clients poll, then serves its log and its package as a Blob', async () => {
    const created = await ada.migration.createExportJob({
      name: 'Polled',
      objects: [{ objectGuid: mappingId, inclusionScope: 'WITH_DEPENDENCIES' }],
    });
    await expect(ada.migration.downloadExportPackage(created.id)).rejects.toMatchObject({
      status: 409,
      code: 'JOB_NOT_ENDED',
    });
    const { job, seen } = await poll(() => ada.migration.getExportJob(created.id));
    expect(seen).toEqual(['QUEUED', 'IN_PROGRESS', 'SUCCESSFUL']);
    expect(Date.parse(job.endTime ?? '')).toBeGreaterThan(Date.parse(job.startTime ?? ''));
    expect(await ada.migration.getExportLog(job.id)).toMatch(
      /Exported MAPPING \/Default\/Load orders/,
    );
    const blob = await ada.migration.downloadExportPackage(job.id);
    expect(blob).toBeInstanceOf(Blob);
    expect(JSON.parse(await blob.text())).toMatchObject({ format: 'ics-package/1' });
    // The bell says so, with the package one download away.
    const { messages } = await ada.notifications.searchBell({ categories: ['jobs'] });
    const note = messages.find((m) => m.title === "Export 'Polled' finished");
    if (!note) throw new Error('No bell notification for the export.');
    const viaBell = await ada.notifications.download(note, 'download');
    expect(await viaBell.text()).toBe(await blob.text());
  });

  it('[PC-7.12] uploads a package into another organisation, starts the import and creates its objects; a second import skips taken names', async () => {
    const { job } = await exportMapping('WITH_DEPENDENCIES');
    const file = await ada.migration.downloadExportPackage(job.id);
    const uploaded = await nia.migration.uploadImportPackage(file);
    expect(uploaded.checksumValid).toBe(true);
    expect(uploaded.objects.map((o) => o.name)).toEqual(['Load orders', 'Orders DB']);
    const target = await nia.repository.createProject({ name: 'Imported' });
    const created = await nia.migration.createImportJob({
      name: 'Bring orders',
      importSpecification: { packageId: uploaded.packageId, targetLocationId: target.id },
    });
    expect(created).toMatchObject({ status: 'CREATED', runType: 'REGULAR', executionClient: 'UI' });
    now += 60 * 60_000; // an hour later, an import nobody started is still waiting
    expect((await nia.migration.getImportJob(created.id)).status).toBe('CREATED');
    expect(
      (await nia.migration.getImportObjects(created.id)).every((o) => o.status === 'PENDING'),
    ).toBe(true);
    await nia.migration.startImportJob(created.id);
    await expect(nia.migration.startImportJob(created.id)).rejects.toMatchObject({ status: 409 });
    const { job: done } = await poll(() => nia.migration.getImportJob(created.id));
    expect(done.status).toBe('SUCCESSFUL');
    expect((await nia.migration.getImportObjects(done.id)).map((o) => o.status)).toEqual([
      'SUCCESSFUL',
      'SUCCESSFUL',
    ]);
    expect(await nia.migration.getImportLog(done.id)).toMatch(/Imported MAPPING \/Imported/);
    const names = (await nia.repository.getProjectEntities(target.id)).map((e) => e.name);
    expect(names.sort()).toEqual(['Load orders', 'Orders DB']);

    const again = await nia.migration.createImportJob({
      name: 'Again',
      importSpecification: { packageId: uploaded.packageId, targetLocationId: target.id },
    });
    await nia.migration.startImportJob(again.id);
    const { job: skipped } = await poll(() => nia.migration.getImportJob(again.id));
    expect((await nia.migration.getImportObjects(skipped.id)).map((o) => o.status)).toEqual([
      'SKIPPED',
      'SKIPPED',
    ]);
    expect((await nia.migration.getImportJobs()).map((j) => j.name)).toEqual([
      'Again',
      'Bring orders',
    ]);
  });

  it('[PC-7.12] fails an import whose package checksum does not match, unless started with relaxChecksum', async () => {
    const { job } = await exportMapping('WITHOUT_DEPENDENCIES');
    const original = JSON.parse(await (await ada.migration.downloadExportPackage(job.id)).text());
    original.objects[0].name = 'Tampered mapping';
    const tampered = new TextEncoder().encode(JSON.stringify(original));
    const uploaded = await nia.migration.uploadImportPackage(tampered);
    expect(uploaded.checksumValid).toBe(false);
    const strict = await nia.migration.createImportJob({
      name: 'Strict',
      importSpecification: { packageId: uploaded.packageId },
    });
    await nia.migration.startImportJob(strict.id);
    const { job: failed } = await poll(() => nia.migration.getImportJob(strict.id));
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toMatch(/checksum does not match.*relaxChecksum/);
    const relaxed = await nia.migration.createImportJob({
      name: 'Relaxed',
      importSpecification: { packageId: uploaded.packageId },
    });
    expect((await nia.migration.startImportJob(relaxed.id, true)).relaxChecksum).toBe(true);
    const { job: ok } = await poll(() => nia.migration.getImportJob(relaxed.id));
    expect(ok.status).toBe('SUCCESSFUL');
    expect(await nia.migration.getImportLog(ok.id)).toMatch(/Checksum mismatch ignored/);
    await expect(
      nia.migration.uploadImportPackage(new TextEncoder().encode('not a package')),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('[PC-7.12] reruns an ended export with PUT, refuses it while running, and lists comparable object types', async () => {
    const created = await ada.migration.createExportJob({
      name: 'Rerun',
      objects: [{ objectGuid: mappingId, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    });
    const body = {
      name: 'Rerun 2',
      objects: [{ objectGuid: mappingId, inclusionScope: 'WITH_DEPENDENCIES' as const }],
    };
    await expect(ada.migration.updateExportJob(created.id, body)).rejects.toMatchObject({
      status: 409,
    });
    await poll(() => ada.migration.getExportJob(created.id));
    const rerun = await ada.migration.updateExportJob(created.id, body);
    expect(rerun.status).toMatch(/QUEUED|IN_PROGRESS/);
    const { job } = await poll(() => ada.migration.getExportJob(created.id));
    expect(job.name).toBe('Rerun 2');
    expect(await ada.migration.getExportObjects(job.id)).toHaveLength(2);
    await expect(
      ada.migration.createExportJob({
        name: 'Missing',
        objects: [{ objectGuid: 'gone-0000000001', inclusionScope: 'WITHOUT_DEPENDENCIES' }],
      }),
    ).rejects.toMatchObject({ status: 404 });
    const home = await ada.repository.fetchDefaultLocation();
    const doomed = await ada.repository.createFolder(home.id, { name: 'Doomed export' });
    const missing = await ada.migration.createExportJob({
      name: 'Missing',
      objects: [{ objectGuid: doomed.id, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    });
    await ada.repository.deleteBaseEntity(doomed.id);
    expect((await poll(() => ada.migration.getExportJob(missing.id))).job.status).toBe('FAILED');
    expect((await ada.migration.getComparableObjectTypes()).map((t) => t.documentType)).toContain(
      'MAPPING',
    );
  });

  it('[PC-3.1] answers jobs with name, executionClient, runType, importSpecification and export objects', async () => {
    const { created } = await exportMapping('WITH_DEPENDENCIES');
    expect(created.objects).toEqual([
      { objectGuid: mappingId, inclusionScope: 'WITH_DEPENDENCIES' },
    ]);
    expect(Object.keys(created)).toEqual(
      expect.arrayContaining(['name', 'executionClient', 'runType']),
    );
    const file = await ada.migration.downloadExportPackage(created.id);
    const { packageId } = await ada.migration.uploadImportPackage(file);
    const job = await ada.migration.createImportJob({
      name: 'Shape',
      importSpecification: { packageId },
    });
    expect(job.importSpecification).toEqual({ packageId });
    expect(Object.keys(job)).toEqual(
      expect.arrayContaining(['name', 'executionClient', 'runType', 'relaxChecksum']),
    );
  });
});
