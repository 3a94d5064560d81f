// `node --conditions=source --import tsx bench/emulator/fairness.ts [rounds] [name]`: how long the
// heaviest request of every operation that issue 24 lists (lists, exports and their artefacts,
// import jobs, bundle definitions, copies and installs, copies of entities, UpdateEntityAccess,
// DeleteEntities) holds the embedded database, and how long a user of the other organisation
// waits for `session/User` meanwhile, against the same user's `session/User` alone just before
// (so both see the same load of the machine). Not a test: the numbers go to bench/README.md.
// Loopback only, ephemeral port; the emulator's clock is injected, so jobs end without waiting.
import { loadavg } from 'node:os';
import { MAX_ENTITY_ACCESS_ROWS } from '../../packages/platform-contract/src/index.ts';
import { createEmulator } from '../../packages/platform-emulator/src/app.ts';
import { insertEntity } from '../../packages/platform-emulator/src/db/repository/writes.ts';
import { checksumOf } from '../../packages/platform-emulator/src/jobs/migrationJobs.ts';
import { signInOverHttp } from '../../packages/platform-emulator/src/test-support/httpPersona.ts';

const rounds = Number(process.argv[2] ?? 3);
/** Only the measures whose name contains this (all by default). */
const only = process.argv[3] ?? '';
const frs = '/frs-service/api/v1';
const mig = '/migration-service/api/v1';
const bnd = '/bundle-service/api/v1';
const ADA = 'usr-ada-0000001';
const ACME = 'org-acme-000001';
let now = Date.now();
const emulator = await createEmulator({ database: 'memory', clock: { now: () => now } });
const base = await emulator.listen();
/** Past any job's running time on the emulator's clock. */
const letJobsEnd = () => (now += 60_000);

interface Answer {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- bench reads any shape
  text: string;
}
/** A signed-in user's call: status and body (parsed when JSON); a Buffer is sent as binary. */
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;
async function as(persona: string): Promise<Call> {
  const { cookie, xsrf } = await signInOverHttp(base, persona);
  return async (method, path, body) => {
    const type = Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json';
    const sent = Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body);
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        'x-xsrf-token': xsrf,
        ...(body === undefined ? {} : { 'content-type': type }),
      },
      ...(body === undefined ? {} : { body: sent }),
    });
    const text = await answer.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined; // a log, or no body
    }
    return { status: answer.status, json, text };
  };
}
const ada = await as(ADA);
// The heavy requests are Lee's: a member, so every object he touches costs an ACL walk (an
// administrator's `changeperm_alltypes` skips it). Tia (Acme EMEA) is the second user.
const lee = await as('usr-lee-0000001');
const tia = await as('usr-tia-0000001');

async function ok(answer: Promise<Answer>): Promise<Answer> {
  const a = await answer;
  if (a.status >= 300) throw new Error(`${a.status}: ${a.text.slice(0, 300)}`);
  return a;
}

let trees = 0;
/**
 * A project of Ada's with `folders` folders of `perFolder` documents each, written through the
 * store (set-up, not measured). Lee holds every permission on it (no ACL), as the owner's
 * colleagues do by default.
 */
async function tree(folders: number, perFolder: number) {
  const n = ++trees;
  const entity = (name: string, documentType: string, parentId: string | null) =>
    insertEntity(emulator.db, { orgId: ACME, ownerId: ADA, name, documentType, parentId });
  const project = await entity(`Bench ${n}`, 'Project', null);
  const folderIds: string[] = [];
  const documents: string[] = [];
  for (let f = 0; f < folders; f++) {
    const folder = await entity(`F${f}`, 'Folder', project);
    folderIds.push(folder);
    for (let d = 0; d < perFolder; d++) documents.push(await entity(`D${d}`, 'MAPPING', folder));
  }
  return { project, folders: folderIds, documents };
}

/** The `q` quantile of the times, in whole milliseconds. */
const ms = (times: readonly number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(0);
};

/** Tia's `session/User`, back to back while `running()` holds; answers each call's time. */
async function probe(running: () => boolean): Promise<number[]> {
  const waits: number[] = [];
  do {
    const t = performance.now();
    await tia('GET', '/session-service/api/v1/session/User');
    waits.push(performance.now() - t);
  } while (running());
  return waits;
}

interface Row {
  name: string;
  statuses: Set<number>;
  took: number[];
  alone: number[];
  during: number[];
}
const rows: Row[] = [];

/**
 * Measures `rounds` times: `prepare` sets up one run (not measured) and answers the heavy
 * request; Tia's `session/User` alone for as long as the last heavy request took (at least 20
 * calls), then during the heavy request.
 */
async function measure(name: string, prepare: () => Promise<() => Promise<Answer>>) {
  if (!name.includes(only)) return;
  const row: Row = { name, statuses: new Set(), took: [], alone: [], during: [] };
  let last = 0;
  for (let r = 0; r < rounds; r++) {
    const heavy = await prepare();
    const until = performance.now() + last;
    let calls = 0;
    row.alone.push(...(await probe(() => ++calls < 20 || performance.now() < until)));
    let running = true;
    const during = probe(() => running);
    const t = performance.now();
    const answer = await heavy();
    last = performance.now() - t;
    running = false;
    row.during.push(...(await during));
    row.took.push(last);
    row.statuses.add(answer.status);
    if (last > 5000) break; // a request this long says enough once
  }
  rows.push(row);
  console.log(
    `${name}: ${[...row.statuses].join('/')} in ${ms(row.took, 0.5)} ms (median of ${row.took.length}); ` +
      `session/User alone p50 ${ms(row.alone, 0.5)} p95 ${ms(row.alone, 0.95)}, ` +
      `during p50 ${ms(row.during, 0.5)} p95 ${ms(row.during, 0.95)} max ${ms(row.during, 1)} ms`,
  );
}

const load = [loadavg()[0]];
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// One repository of 1,000 documents in 20 folders: what the lists and checks walk.
const big = await tree(20, 50);

await measure(
  'GET Documents, all 1,000 of the organisation',
  async () => () => lee('GET', `${frs}/Documents?$top=1000`),
);
await measure(
  'GET BaseEntities, all 1,000+ of the organisation',
  async () => () => lee('GET', `${frs}/BaseEntities?$top=1000`),
);
await measure(
  'GET Folders(<f>)/BaseEntities, 50 documents',
  async () => () => lee('GET', `${frs}/Folders(${big.folders[0]})/BaseEntities`),
);
await measure(
  'CheckEntityList, 1,000 names in a folder of 50',
  async () => () =>
    lee('POST', `${frs}/CheckEntityList`, {
      entityList: Array.from({ length: 1000 }, (_, i) => ({
        name: `D${i}`,
        documentType: 'MAPPING',
        parentId: big.folders[0],
      })),
    }),
);
await measure(
  'CheckEntityList, 1,000 names all taken, in 20 folders',
  async () => () =>
    lee('POST', `${frs}/CheckEntityList`, {
      entityList: Array.from({ length: 1000 }, (_, i) => ({
        name: `D${i % 50}`,
        documentType: 'MAPPING',
        parentId: big.folders[Math.floor(i / 50)],
      })),
    }),
);

const entries = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    principalType: 'USER',
    principalId: `usr-bench-${String(i).padStart(5, '0')}`,
    permissions: ['read'],
  }));
const perIds = MAX_ENTITY_ACCESS_ROWS / 50;
await measure(`UpdateEntityAccess ${perIds} ids × 50 entries (the limit)`, async () => {
  const { folders } = await tree(perIds, 0);
  return () => lee('POST', `${frs}/UpdateEntityAccess`, { ids: folders, entries: entries(50) });
});
await measure(
  `UpdateEntityAccess 100 ids × ${MAX_ENTITY_ACCESS_ROWS / 100} entries (the limit)`,
  async () => {
    const { folders } = await tree(100, 0);
    const list = entries(MAX_ENTITY_ACCESS_ROWS / 100);
    return () => lee('POST', `${frs}/UpdateEntityAccess`, { ids: folders, entries: list });
  },
);
await measure('UpdateEntityAccess 100 ids × 50 entries (refused, 400)', async () => {
  const { folders } = await tree(100, 0);
  return () => lee('POST', `${frs}/UpdateEntityAccess`, { ids: folders, entries: entries(50) });
});
await measure('DeleteEntities 200 folders of 2 documents', async () => {
  const { folders } = await tree(200, 2);
  return () => lee('POST', `${frs}/DeleteEntities`, { artifactIds: folders });
});
await measure('CopyEntities 1,000 documents into a folder', async () => {
  const { folders } = await tree(1, 0);
  const target = folders[0];
  return () =>
    lee('POST', `${frs}/CopyEntities`, {
      xferSpec: {
        targetLocationId: target,
        sourceSpecArr: big.documents.map((id) => ({ id })),
      },
    });
});
await measure(
  'CopyProjects, a project of 1,020 entities',
  async () => () =>
    lee('POST', `${frs}/CopyProjects`, { xferSpec: { sourceSpecArr: [{ id: big.project }] } }),
);
// At most MAX_COPY_ENTITIES (2,000) entities per copy (decision 0971).
const nearLimit = await tree(39, 50);
await measure(
  'CopyProjects, a project of 1,990 entities (the limit is 2,000)',
  async () => () =>
    lee('POST', `${frs}/CopyProjects`, {
      xferSpec: { sourceSpecArr: [{ id: nearLimit.project }] },
    }),
);
const overLimit = await tree(40, 50);
await measure(
  'CopyProjects, a project of 2,041 entities (refused, 400)',
  async () => () =>
    lee('POST', `${frs}/CopyProjects`, {
      xferSpec: { sourceSpecArr: [{ id: overLimit.project }] },
    }),
);

// Exports: 500 objects (the schema's limit), with their dependencies.
const exportBody = {
  name: 'Bench export',
  objects: big.documents
    .slice(0, 500)
    .map((objectGuid) => ({ objectGuid, inclusionScope: 'WITH_DEPENDENCIES' })),
};
await measure(
  'POST ExportJobs, 500 documents with dependencies',
  async () => () => lee('POST', `${mig}/ExportJobs`, exportBody),
);
// 500 documents each referencing the next (written through the database: no route writes
// references): the first one's dependencies are the 499 others, 499 references deep.
const chained = (await tree(1, 500)).documents;
for (let i = 1; i < chained.length; i++)
  await emulator.db.query('insert into frs_refs (from_id, to_id) values ($1, $2)', [
    chained[i - 1],
    chained[i],
  ]);
const chainBody = {
  name: 'Bench chain',
  objects: chained.map((objectGuid) => ({ objectGuid, inclusionScope: 'WITH_DEPENDENCIES' })),
};
await measure(
  'POST ExportJobs, 500 documents each referencing the next (499 deep)',
  async () => () => lee('POST', `${mig}/ExportJobs`, chainBody),
);
await measure(
  'GET ExportJobs(<id>), the read that runs the ended export of the chain',
  async () => {
    const id = (await ok(lee('POST', `${mig}/ExportJobs`, chainBody))).json.id;
    letJobsEnd();
    return () => lee('GET', `${mig}/ExportJobs(${id})`);
  },
);
/** An export of Lee's of 500 documents, created (not measured); its run is left to the caller. */
const exportJob = async () => (await ok(lee('POST', `${mig}/ExportJobs`, exportBody))).json.id;
await measure('GET ExportJobs(<id>), the read that runs the ended export of 500', async () => {
  const id = await exportJob();
  letJobsEnd();
  return () => lee('GET', `${mig}/ExportJobs(${id})`);
});
const ended = await exportJob();
letJobsEnd();
await ok(lee('GET', `${mig}/ExportJobs(${ended})`));
await measure('GET ExportJobs, the list', async () => () => lee('GET', `${mig}/ExportJobs`));
await measure('GET ExportJobs, the list that runs 20 ended exports of 500', async () => {
  for (let i = 0; i < 20; i++) await exportJob();
  letJobsEnd();
  return () => lee('GET', `${mig}/ExportJobs`);
});
await measure(
  'GET ExportJobs(<id>)/ExportObjects of 500',
  async () => () => lee('GET', `${mig}/ExportJobs(${ended})/ExportObjects`),
);
await measure(
  'GET ExportJobs(<id>)/$package of 500',
  async () => () => lee('GET', `${mig}/ExportJobs(${ended})/$package`),
);
await measure(
  'GET ExportJobs(<id>)/$log of 500',
  async () => () => lee('GET', `${mig}/ExportJobs(${ended})/$log`),
);

// Imports: the package of 500, uploaded, created, started, run.
const pkg = Buffer.from((await ok(lee('GET', `${mig}/ExportJobs(${ended})/$package`))).text);
await measure(
  'POST ImportJobs/$package, 500 objects',
  async () => () => lee('POST', `${mig}/ImportJobs/$package`, pkg),
);
/** An import job of Lee's of the package of 500 into a fresh folder. */
async function importJob(): Promise<string> {
  const packageId = (await ok(lee('POST', `${mig}/ImportJobs/$package`, pkg))).json.packageId;
  const { folders } = await tree(1, 0);
  return (
    await ok(
      lee('POST', `${mig}/ImportJobs`, {
        name: 'Bench import',
        importSpecification: { packageId, targetLocationId: folders[0] },
      }),
    )
  ).json.id;
}
await measure('POST ImportJobs, a package of 500', async () => {
  const packageId = (await ok(lee('POST', `${mig}/ImportJobs/$package`, pkg))).json.packageId;
  const { folders } = await tree(1, 0);
  return () =>
    lee('POST', `${mig}/ImportJobs`, {
      name: 'Bench import',
      importSpecification: { packageId, targetLocationId: folders[0] },
    });
});
await measure('POST StartImportJob, relaxChecksum', async () => {
  const jobId = await importJob();
  return () => lee('POST', `${mig}/StartImportJob`, { jobId, relaxChecksum: true });
});
await measure('GET ImportJobs(<id>), the read that runs the ended import of 500', async () => {
  const jobId = await importJob();
  await ok(lee('POST', `${mig}/StartImportJob`, { jobId }));
  letJobsEnd();
  return () => lee('GET', `${mig}/ImportJobs(${jobId})`);
});
// A package of 500 documents of distinct names (checksum valid): an import that writes them all.
const distinct = Array.from({ length: 500 }, (_, i) => ({
  objectGuid: `bench-${i}`,
  name: `Imported ${i}`,
  documentType: 'MAPPING',
  path: `/Bench/Imported ${i}`,
  description: `Document ${i} of the package`,
  nativeData: { steps: [{ kind: 'source', table: `t${i}` }] },
  dependency: false,
}));
const distinctPkg = Buffer.from(
  JSON.stringify({ format: 'ics-package/1', checksum: checksumOf(distinct), objects: distinct }),
);
await measure(
  'GET ImportJobs(<id>), the read that runs an import writing 500 documents',
  async () => {
    const packageId = (await ok(lee('POST', `${mig}/ImportJobs/$package`, distinctPkg))).json
      .packageId;
    const { folders } = await tree(1, 0);
    const jobId = (
      await ok(
        lee('POST', `${mig}/ImportJobs`, {
          name: 'Bench import of 500',
          importSpecification: { packageId, targetLocationId: folders[0] },
        }),
      )
    ).json.id;
    await ok(lee('POST', `${mig}/StartImportJob`, { jobId }));
    letJobsEnd();
    return () => lee('GET', `${mig}/ImportJobs(${jobId})`);
  },
);
await measure('GET ImportJobs(<id>)/ImportObjects of 500', async () => {
  const jobId = await importJob();
  await ok(lee('POST', `${mig}/StartImportJob`, { jobId }));
  letJobsEnd();
  await ok(lee('GET', `${mig}/ImportJobs(${jobId})`));
  return () => lee('GET', `${mig}/ImportJobs(${jobId})/ImportObjects`);
});

// Bundles: a definition of 500 folders (the schema's limit) of 2 documents each.
const carried = await tree(500, 2);
const definition = { name: 'Bench bundle', objectIds: carried.folders, accessCode: 'bench-code' };
await measure(
  'POST BundleDefinitions, 500 folders',
  async () => () => lee('POST', `${bnd}/BundleDefinitions`, definition),
);
/** A published bundle of Lee's carrying the 500 folders. */
async function published(): Promise<{ id: string; externalId: string }> {
  const bundle = (await ok(lee('POST', `${bnd}/BundleDefinitions`, definition))).json;
  await ok(lee('POST', `${bnd}/Bundles/Validate`, { bundleId: bundle.id }));
  await ok(lee('POST', `${bnd}/Bundles(${bundle.id})/Publish`));
  return bundle;
}
const bundle = await published();
await measure('POST Bundles(<b>)/Copy, 500 folders (1,500 entities)', async () => {
  const { folders } = await tree(1, 0);
  return () => lee('POST', `${bnd}/Bundles(${bundle.id})/Copy`, { locationFrsId: folders[0] });
});
await measure('POST BundleInstallations/Push (Ada, to the sub-organisation)', async () => {
  const fresh = await published();
  return () =>
    ada('POST', `${bnd}/BundleInstallations/Push`, {
      bundleExternalId: fresh.externalId,
      accessCode: definition.accessCode,
    });
});

load.push(loadavg()[0]);
await emulator.close();

console.log(
  `\nload average (1 min) at start ${load[0]?.toFixed(1)}, at end ${load[1]?.toFixed(1)}\n`,
);
console.log(
  '| Request (Lee unless named) | Answer | Took (median) | `session/User` alone p50 / p95 | during p50 / p95 (max) |',
);
console.log('|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${[...r.statuses].join(', ')} | ${ms(r.took, 0.5)} ms | ${ms(r.alone, 0.5)} / ${ms(r.alone, 0.95)} ms | ${ms(r.during, 0.5)} / ${ms(r.during, 0.95)} (${ms(r.during, 1)}) ms |`,
  );
