import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { insertEntity } from './db/repository/writes.ts';
import { checksumOf, RUN_MS } from './jobs/migrationJobs.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import { ok } from './test-support/ok.ts';
import { bothDatabases, type TestDatabase } from './test-support/postgresServer.ts';

// What set-based statements could get wrong in an export's dependencies, an import's names and
// writes, CheckEntityList's names, and a job's run (issue 24, "one user cannot stall the rest"),
// over real HTTP with the personas, on both databases the emulator runs on.
const frs = '/frs-service/api/v1';
const mig = '/migration-service/api/v1';
const ADA = 'usr-ada-0000001';
const ACME = 'org-acme-000001';
const adaOnly = {
  principalType: 'USER',
  principalId: ADA,
  permissions: ['read', 'update', 'delete', 'change_perm'],
};

describe.each(bothDatabases)('given %s', (_, database) => {
  let server: TestDatabase | undefined;
  let emulator: Emulator;
  let ada: HttpPersona;
  let lee: HttpPersona;
  /** The emulator's clock: tests advance it past a job's running time instead of waiting. */
  let now = Date.now();
  let projects = 0;

  beforeAll(async () => {
    server = await database();
    emulator = await createEmulator({ database: server.url, clock: { now: () => now } });
    const base = await emulator.listen();
    ada = await signInOverHttp(base, ADA);
    lee = await signInOverHttp(base, 'usr-lee-0000001');
  }, 120_000);
  afterAll(async () => {
    await emulator?.close();
    server?.stop();
  });

  /** An entity of Ada's, written through the store (set-up). */
  const entity = (name: string, documentType: string, parentId: string | null) =>
    insertEntity(emulator.db, { orgId: ACME, ownerId: ADA, name, documentType, parentId });
  const project = () => entity(`Bulk ${++projects}`, 'Project', null);
  /** References between documents: there is no route that writes them (set-up). */
  const refer = async (pairs: [string, string][]) => {
    for (const [from, to] of pairs)
      await emulator.db.query('insert into frs_refs (from_id, to_id) values ($1, $2)', [from, to]);
  };
  const restrictToAda = (objectId: string) =>
    ok(ada.call('POST', `${frs}/UpdateACL`, { objectId, entries: [adaOnly] }));
  const inFolder = async (folder: string) =>
    (await ok(ada.call('GET', `${frs}/Folders(${folder})/BaseEntities?$top=1000`))).value as {
      name: string;
    }[];
  const bell = async (who: HttpPersona, title: string) =>
    (
      (
        await ok(
          who.call('POST', '/notification-service/api/v1/inApp/search/bellNotification', {
            categories: ['jobs'],
            top: 200,
          }),
        )
      ).messages as { title: string }[]
    ).filter((m) => m.title === title).length;

  /** Five documents A–E: A and B share C, C and D refer to each other, D refers back to A. */
  async function graph() {
    const folder = await entity('Graph', 'Folder', await project());
    const [a, b, c, d, e] = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) => entity(name, 'MAPPING', folder)),
    );
    const ids = { a: a ?? '', b: b ?? '', c: c ?? '', d: d ?? '', e: e ?? '' };
    await refer([
      [ids.a, ids.c],
      [ids.b, ids.c],
      [ids.c, ids.d],
      [ids.d, ids.c],
      [ids.d, ids.a],
    ]);
    return ids;
  }

  it('exports shared and cyclic dependencies once each, as dependencies, after the first object that reaches them', async () => {
    const { a, b, c, d, e } = await graph();
    const job = await ok(
      lee.call('POST', `${mig}/ExportJobs`, {
        name: 'Graph',
        objects: [
          { objectGuid: a, inclusionScope: 'WITH_DEPENDENCIES' },
          { objectGuid: b, inclusionScope: 'WITH_DEPENDENCIES' },
          { objectGuid: e, inclusionScope: 'WITHOUT_DEPENDENCIES' },
        ],
      }),
    );
    now += RUN_MS;
    expect((await ok(lee.call('GET', `${mig}/ExportJobs(${job.id})`))).status).toBe('SUCCESSFUL');
    const objects = (await ok(lee.call('GET', `${mig}/ExportJobs(${job.id})/ExportObjects`)))
      .value as { objectGuid: string; name: string; dependency: boolean }[];
    expect(objects.map((o) => [o.objectGuid, o.name, o.dependency])).toEqual([
      [a, 'A', false],
      [c, 'C', true],
      [d, 'D', true],
      [b, 'B', false],
      [e, 'E', false],
    ]);
    const pkg = JSON.parse((await lee.call('GET', `${mig}/ExportJobs(${job.id})/$package`)).text);
    expect(pkg.objects.map((o: { name: string }) => o.name)).toEqual(['A', 'C', 'D', 'B', 'E']);
  });

  it('refuses Lee an export whose dependency two references away is restricted (403 naming it, no job), and allows it without dependencies', async () => {
    const { a, d } = await graph();
    await restrictToAda(d);
    const before = (await ok(lee.call('GET', `${mig}/ExportJobs`))).value.length;
    const refused = await lee.call('POST', `${mig}/ExportJobs`, {
      name: 'Through the cycle',
      objects: [{ objectGuid: a, inclusionScope: 'WITH_DEPENDENCIES' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("'D'");
    expect((await ok(lee.call('GET', `${mig}/ExportJobs`))).value).toHaveLength(before);
    await ok(
      lee.call('POST', `${mig}/ExportJobs`, {
        name: 'Only A',
        objects: [{ objectGuid: a, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
      }),
    );
  });

  it('checks a list with repeated names (case-insensitively), taken names and names of other types or places in one answer', async () => {
    const p = await project();
    const [here, there] = await Promise.all([
      entity('Here', 'Folder', p),
      entity('There', 'Folder', p),
    ]);
    const taken = await entity('Taken', 'MAPPING', here ?? '');
    const hidden = await entity('Hidden', 'MAPPING', there ?? '');
    await restrictToAda(hidden);
    const list = [
      ['alpha', 'MAPPING', here],
      ['ALPHA', 'MAPPING', here],
      ['Alpha', 'CONNECTION', here],
      ['Alpha', 'MAPPING', there],
      ['TAKEN', 'MAPPING', here],
      ['taken', 'MAPPING', here],
      ['Taken', 'CONNECTION', here],
      ['Taken', 'MAPPING', there],
      ['hidden', 'MAPPING', there],
      ['bad/name', 'MAPPING', here],
    ] as const;
    const answer = await ok(
      lee.call('POST', `${frs}/CheckEntityList`, {
        entityList: list.map(([name, documentType, parentId]) => ({
          name,
          documentType,
          parentId,
        })),
      }),
    );
    expect(
      (
        answer.conflicts as {
          index: number;
          reason: string;
          existingId?: string;
          message: string;
        }[]
      ).map((c) => [c.index, c.reason, c.existingId ?? null]),
    ).toEqual([
      [1, 'DUPLICATE', null],
      [4, 'EXISTS', taken],
      [5, 'DUPLICATE', null],
      // Lee may not read it: the name is taken, its id is not shown.
      [8, 'EXISTS', null],
      [9, 'INVALID_NAME', null],
    ]);
    expect(answer.conflicts[0].message).toBe("'ALPHA' appears already at position 0.");
  });

  it('refuses CheckEntityList for the first container in the list that is missing (404) or that Lee may not read (403)', async () => {
    const p = await project();
    const [open, closed] = await Promise.all([
      entity('Open', 'Folder', p),
      entity('Closed', 'Folder', p),
    ]);
    await restrictToAda(closed ?? '');
    const check = (...parents: string[]) =>
      lee.call('POST', `${frs}/CheckEntityList`, {
        entityList: parents.map((parentId) => ({ name: 'N', documentType: 'MAPPING', parentId })),
      });
    const refused = await check(open ?? '', closed ?? '', 'no-such-folder');
    expect([refused.status, refused.json.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(refused.text).toContain("'Closed'");
    const missing = await check(open ?? '', 'no-such-folder', closed ?? '');
    expect([missing.status, missing.json.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(missing.text).toContain('no-such-folder');
    expect((await check(open ?? '', open ?? '')).status).toBe(201);
  });

  it('refuses a name whose type holds a lone surrogate (400 naming it, decision 0976), never a 5xx', async () => {
    const folder = await entity('Surrogates', 'Folder', await project());
    await entity('Taken', 'MAPPING', folder);
    const answer = await lee.call('POST', `${frs}/CheckEntityList`, {
      entityList: [
        { name: 'Taken', documentType: 'MAPPING', parentId: folder },
        { name: 'Taken', documentType: 'MAP\ud800', parentId: folder },
      ],
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error.details[0].target).toBe('body.entityList.1.documentType');
  });

  it('imports a package of 500 with names taken in the target and repeated in the package: those skipped, the others written once', async () => {
    const target = await entity('Target', 'Folder', await project());
    for (let i = 100; i < 120; i++) await entity(`Doc ${i}`, 'MAPPING', target);
    // 490 documents (the last ten repeat the first ten, in upper case) and ten folders.
    const objects = Array.from({ length: 500 }, (_, i) => ({
      objectGuid: `obj-${i}`,
      name: i < 480 ? `Doc ${i}` : i < 490 ? `DOC ${i - 480}` : `Folder ${i}`,
      documentType: i < 490 ? 'MAPPING' : 'Folder',
      path: `/Elsewhere/${i}`,
      description: `Object ${i}`,
      nativeData: { i },
      dependency: false,
    }));
    const body = new TextEncoder().encode(
      JSON.stringify({ format: 'ics-package/1', checksum: checksumOf(objects), objects }),
    );
    const uploaded = await ok(ada.call('POST', `${mig}/ImportJobs/$package`, body));
    expect(uploaded.checksumValid).toBe(true);
    const job = await ok(
      ada.call('POST', `${mig}/ImportJobs`, {
        name: 'Five hundred',
        importSpecification: { packageId: uploaded.packageId, targetLocationId: target },
      }),
    );
    await ok(ada.call('POST', `${mig}/StartImportJob`, { jobId: job.id }));
    now += RUN_MS;
    expect((await ok(ada.call('GET', `${mig}/ImportJobs(${job.id})`))).status).toBe('SUCCESSFUL');
    const statuses = (await ok(ada.call('GET', `${mig}/ImportJobs(${job.id})/ImportObjects`)))
      .value as { objectGuid: string; status: string }[];
    const skipped = (i: number) => (i >= 100 && i < 120) || i >= 480;
    expect(statuses.map((o) => o.status)).toEqual(
      objects.map((_, i) => (skipped(i) ? 'SKIPPED' : 'SUCCESSFUL')),
    );
    const names = (await inFolder(target)).map((e) => e.name).sort();
    expect(names).toEqual(Array.from({ length: 480 }, (_, i) => `Doc ${i}`).sort());
    const log = (await ada.call('GET', `${mig}/ImportJobs(${job.id})/$log`)).text;
    expect(log).toContain('Skipped MAPPING DOC 3: the name is taken in /Bulk');
    expect(log).toContain('Skipped Folder Folder 495: containers are not imported.');
  });

  it('runs every ended export a list finds: the list keeps its order, each export gets its own outcome and objects, one bell message each', async () => {
    const { a, b, e } = await graph();
    const created = [];
    for (const [i, objectGuid] of [a, b, e].entries())
      created.push(
        await ok(
          lee.call('POST', `${mig}/ExportJobs`, {
            name: `Listed ${i}`,
            objects: [{ objectGuid, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
          }),
        ),
      );
    const ids = created.map((j) => j.id as string);
    type Listed = { id: string; status: string; endTime: string | null };
    const mine = (list: Listed[]) => list.filter((j) => ids.includes(j.id));
    const before = mine((await ok(lee.call('GET', `${mig}/ExportJobs`))).value);
    expect(before.map((j) => j.endTime)).toEqual([null, null, null]);
    now += RUN_MS;
    const after = mine((await ok(lee.call('GET', `${mig}/ExportJobs`))).value);
    expect(after.map((j) => j.id)).toEqual(before.map((j) => j.id));
    expect(after.map((j) => j.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
    expect(after.every((j) => j.endTime !== null)).toBe(true);
    for (const [i, id] of ids.entries()) {
      const objects = (await ok(lee.call('GET', `${mig}/ExportJobs(${id})/ExportObjects`))).value;
      expect(objects.map((o: { objectGuid: string }) => o.objectGuid)).toEqual([[a, b, e][i]]);
      expect(await bell(lee, `Export 'Listed ${i}' finished`)).toBe(1);
    }
  });

  it('runs an ended export and an ended import once when several reads see them at the same moment: one outcome, one bell message, each object written once', async () => {
    const { a } = await graph();
    const exportJob = await ok(
      ada.call('POST', `${mig}/ExportJobs`, {
        name: 'Read twice',
        objects: [{ objectGuid: a, inclusionScope: 'WITH_DEPENDENCIES' }],
      }),
    );
    now += RUN_MS;
    const exports = await Promise.all(
      [1, 2, 3, 4].map(() => ok(ada.call('GET', `${mig}/ExportJobs(${exportJob.id})`))),
    );
    expect(new Set(exports.map((j) => `${j.status} ${j.endTime}`)).size).toBe(1);
    expect(exports[0].status).toBe('SUCCESSFUL');
    expect(await bell(ada, "Export 'Read twice' finished")).toBe(1);

    const pkg = (await ada.call('GET', `${mig}/ExportJobs(${exportJob.id})/$package`)).text;
    const uploaded = await ok(
      ada.call('POST', `${mig}/ImportJobs/$package`, new TextEncoder().encode(pkg)),
    );
    const target = await entity('Twice', 'Folder', await project());
    const importJob = await ok(
      ada.call('POST', `${mig}/ImportJobs`, {
        name: 'Read twice',
        importSpecification: { packageId: uploaded.packageId, targetLocationId: target },
      }),
    );
    await ok(ada.call('POST', `${mig}/StartImportJob`, { jobId: importJob.id }));
    now += RUN_MS;
    const imports = await Promise.all([
      ok(ada.call('GET', `${mig}/ImportJobs(${importJob.id})`)),
      ok(ada.call('GET', `${mig}/ImportJobs(${importJob.id})/ImportObjects`)),
    ]);
    expect(imports[0].status).toBe('SUCCESSFUL');
    expect(imports[1].value.map((o: { status: string }) => o.status)).toEqual([
      'SUCCESSFUL',
      'SUCCESSFUL',
      'SUCCESSFUL',
    ]);
    expect((await inFolder(target)).map((e) => e.name).sort()).toEqual(['A', 'C', 'D']);
    expect(await bell(ada, "Import 'Read twice' finished")).toBe(1);
  });
});
