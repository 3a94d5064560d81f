import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { selectEntities } from './db/repository/entities.ts';
import { copyTrees } from './db/repository/trees.ts';
import { insertEntity } from './db/repository/writes.ts';
import { startPostgres } from './test-support/postgresServer.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import { ok } from './test-support/ok.ts';

// The copies (CopyEntities, CopyProjects, bundle copies) are set-based: a few statements per
// request whatever its size (docs/decisions/0970). These tests check what such a copy could get
// wrong against what the one-by-one copy did, on both databases the emulator runs on.
const frs = '/frs-service/api/v1';
const bnd = '/bundle-service/api/v1';
const ACME = 'org-acme-000001';
const ADA = 'usr-ada-0000001';
const LEE = 'usr-lee-0000001';

const backends = [
  { name: 'PGlite', start: async () => ({ database: 'memory', stop: () => undefined }) },
  {
    name: 'PostgreSQL 15',
    start: async () => {
      const server = await startPostgres();
      return { database: server.url, stop: server.stop };
    },
  },
];

describe.each(backends)('given copies on $name, over real HTTP', ({ start }) => {
  let emulator: Emulator;
  let stop: () => void;
  let ada: HttpPersona;
  let lee: HttpPersona;
  beforeAll(async () => {
    const backend = await start();
    stop = backend.stop;
    emulator = await createEmulator({ database: backend.database });
    const base = await emulator.listen();
    ada = await signInOverHttp(base, ADA);
    lee = await signInOverHttp(base, LEE);
  }, 120_000);
  afterAll(async () => {
    await emulator?.close();
    stop?.();
  });

  /** An entity of Ada's, written through the store (set-up). */
  const entity = (
    name: string,
    documentType: string,
    parentId: string | null,
    more: { description?: string; nativeData?: Record<string, unknown>; meteringTag?: string } = {},
  ) =>
    insertEntity(emulator.db, { orgId: ACME, ownerId: ADA, name, documentType, parentId, ...more });
  const tag = (ids: string[], name: string) =>
    ok(ada.call('POST', `${frs}/UpdateTagAssignment`, { ids, assign: [name] }));
  const all = () => selectEntities(emulator.db, ACME);
  /** Everything at and under `path`, each with its path below it and what a copy carries. */
  async function shape(path: string) {
    return (await all())
      .filter((e) => e.path === path || e.path.startsWith(`${path}/`))
      .map((e) => ({
        at: e.path.slice(path.length),
        type: e.document_type,
        description: e.description,
        nativeData: e.native_data,
        meteringTag: e.metering_tag,
        tags: e.tags,
      }))
      .sort((a, b) => a.at.localeCompare(b.at) || a.type.localeCompare(b.type));
  }
  const idsUnder = async (path: string) =>
    (await all()).filter((e) => e.path === path || e.path.startsWith(`${path}/`)).map((e) => e.id);
  /** The whole organisation's entities and tag assignments, to see that nothing was written. */
  const snapshot = async () => ({
    entities: (await all()).map((e) => `${e.path} ${e.document_type} ${e.tags.join(',')}`),
  });
  const copyEntities = (who: HttpPersona, target: string, specs: object[]) =>
    who.call('POST', `${frs}/CopyEntities`, {
      xferSpec: { targetLocationId: target, sourceSpecArr: specs },
    });

  it('copies a tree seven levels deep whole: every entity with its type, description, native data, metering tag and tags, under new unique ids, owned by the copier', async () => {
    const project = await entity('Deep project', 'Project', null);
    let parent = await entity('Deep', 'Folder', project);
    const deep = parent;
    for (let level = 1; level <= 5; level++) {
      await entity('Doc', 'MAPPING', parent, {
        description: `at level ${level}`,
        nativeData: { level, steps: [level, { nested: true }] },
        ...(level % 2 ? { meteringTag: 'Metered' } : {}),
      });
      await entity('Doc', 'CONNECTION', parent, { nativeData: { type: 'sample' } });
      parent = await entity(`L${level}`, 'Folder', parent);
    }
    const last = await entity('Leaf', 'MAPPING', parent, { description: 'the deepest' });
    await tag([deep], 'Blue');
    await tag([parent, last], 'Gold');
    const target = await entity('Target', 'Folder', project);
    const source = await shape('/Deep project/Deep');
    expect(source).toHaveLength(1 + 5 * 3 + 1);
    expect(source.at(-1)?.at).toBe('/L1/L2/L3/L4/L5/Leaf');

    const [copy] = (await ok(copyEntities(lee, target, [{ id: deep }]))).value;
    expect(copy).toMatchObject({ name: 'Deep', path: '/Deep project/Target/Deep', tags: ['Blue'] });
    expect(await shape('/Deep project/Target/Deep')).toEqual(source);

    const sourceIds = await idsUnder('/Deep project/Deep');
    const copyIds = await idsUnder('/Deep project/Target/Deep');
    expect(copyIds).toHaveLength(sourceIds.length);
    expect(new Set([...copyIds, ...sourceIds]).size).toBe(2 * sourceIds.length);
    for (const id of copyIds) expect(id).toMatch(/^[A-Za-z0-9]{15}$/);
    const owners = (await all()).filter((e) => copyIds.includes(e.id)).map((e) => e.owner_id);
    expect(new Set(owners)).toEqual(new Set([LEE]));

    // A project copy carries the first copy too, eight levels under the new project.
    const [projectCopy] = (
      await ok(
        lee.call('POST', `${frs}/CopyProjects`, { xferSpec: { sourceSpecArr: [{ id: project }] } }),
      )
    ).value;
    expect(projectCopy).toMatchObject({
      name: 'Deep project (Copy)',
      path: '/Deep project (Copy)',
    });
    expect(await shape('/Deep project (Copy)')).toEqual(await shape('/Deep project'));
  });

  it('names the copies of many sources with clashing names in their order, skipping names the target holds (case-insensitively, per type) and those given', async () => {
    const project = await entity('Names', 'Project', null);
    const target = await entity('Target', 'Folder', project);
    await entity('Report', 'MAPPING', target);
    await entity('report (copy)', 'MAPPING', target);
    await entity('Report (Copy 3)', 'MAPPING', target);
    await entity('Report (Copy 2)', 'Folder', target); // another type: no clash
    await entity('Memo (Copy)', 'MAPPING', target);
    let folders = 0;
    const source = async (name: string) =>
      entity(name, 'MAPPING', await entity(`From ${++folders}`, 'Folder', project));
    const specs = [
      { id: await source('Report') },
      { id: await source('REPORT') },
      { id: await source('Memo (Copy)') },
      { id: await source('Report'), name: 'Report (Copy 5)' },
      { id: await source('Report') },
    ];
    const copies = (await ok(copyEntities(lee, target, specs))).value;
    expect(copies.map((c: { name: string }) => c.name)).toEqual([
      'Report (Copy 2)',
      'REPORT (Copy 4)',
      'Memo (Copy) (Copy)',
      'Report (Copy 5)',
      'Report (Copy 6)',
    ]);
    // The same source many times over: one name after another, past one the target holds.
    const same = await source('Same');
    await entity('Same (Copy 10)', 'MAPPING', target);
    const many = (await ok(copyEntities(lee, target, Array(60).fill({ id: same })))).value;
    const expected = ['Same', 'Same (Copy)'];
    for (let n = 2; expected.length < 60; n++) if (n !== 10) expected.push(`Same (Copy ${n})`);
    expect(many.map((c: { name: string }) => c.name)).toEqual(expected);
    expect(new Set(many.map((c: { id: string }) => c.id)).size).toBe(60);
  });

  it('answers the first refusal in the order of the sources, as copying them one by one did, and writes nothing', async () => {
    const project = await entity('Refusals', 'Project', null);
    const target = await entity('Target', 'Folder', project);
    await entity('Taken', 'Folder', target);
    const a = await entity('A', 'Folder', project);
    await entity('Inside', 'MAPPING', await entity('Sub', 'Folder', a));
    const b = await entity('B', 'Folder', project);
    const restricted = await entity('Restricted', 'Folder', project);
    await ok(
      ada.call('POST', `${frs}/UpdateACL`, {
        objectId: restricted,
        entries: [{ principalType: 'USER', principalId: ADA, permissions: ['read'] }],
      }),
    );
    const missing = 'nope-0000000001';
    const before = await snapshot();
    const refusal = async (specs: object[]) => (await copyEntities(lee, target, specs)).status;
    expect(await refusal([{ id: a }, { id: b }, { id: missing }])).toBe(404);
    expect(await refusal([{ id: a }, { id: restricted }, { id: missing }])).toBe(403);
    expect(await refusal([{ id: a }, { id: missing }, { id: restricted }])).toBe(404);
    expect(await refusal([{ id: a }, { id: b, name: 'taken' }, { id: restricted }])).toBe(409);
    expect(await refusal([{ id: restricted }, { id: b, name: 'TAKEN' }])).toBe(403);
    expect(await refusal([{ id: a }, { id: project }, { id: restricted }])).toBe(400);
    expect(await refusal([{ id: a }, { id: target }])).toBe(409);
    expect(await refusal([{ id: a }, { id: a, name: 'A' }, { id: a, name: 'a' }])).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses (409, writing nothing) a copy with no free name left within 255 characters, and a bundle copy of which an object is gone', async () => {
    const project = await entity('Conflicts', 'Project', null);
    const target = await entity('Target', 'Folder', project);
    const long = 'L'.repeat(249);
    await entity(long, 'MAPPING', target);
    const source = await entity(long, 'MAPPING', await entity('From', 'Folder', project));
    const kept = await entity('Kept', 'Folder', project);
    const gone = await entity('Gone', 'Folder', project);
    const bundle = await ok(
      ada.call('POST', `${bnd}/BundleDefinitions`, { name: 'Half gone', objectIds: [kept, gone] }),
    );
    await ok(ada.call('POST', `${bnd}/Bundles/Validate`, { bundleId: bundle.id }));
    await ok(ada.call('POST', `${bnd}/Bundles(${bundle.id})/Publish`));
    await ok(ada.call('POST', `${frs}/DeleteEntities`, { artifactIds: [gone] }));
    const before = await snapshot();

    // `<name> (Copy)` would be 256 characters.
    const noName = await copyEntities(lee, target, [{ id: kept }, { id: source }]);
    expect(noName.status).toBe(409);
    expect(noName.json.error.message).toBe(`No free name for a copy of '${long}'.`);
    const halfGone = await lee.call('POST', `${bnd}/Bundles(${bundle.id})/Copy`, {
      locationFrsId: target,
    });
    expect(halfGone.status).toBe(409);
    expect(halfGone.json.error.message).toBe(
      `The object '${gone}' of the bundle 'Half gone' no longer exists.`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('copies 2,000 entities in one request, a source given twice counted twice, and refuses 2,001 (400 naming the limit) writing nothing', async () => {
    const project = await entity('Sizes', 'Project', null);
    const big = await entity('Big', 'Folder', project);
    const fifty = await entity('Fifty', 'Folder', big);
    for (let d = 1; d < 50; d++) await entity(`Doc ${d}`, 'MAPPING', fifty);
    const target = await entity('Target', 'Folder', project);
    const fortyTimes = Array(40).fill({ id: fifty });
    const tooLarge = async (specs: object[]) => {
      const before = await snapshot();
      const answer = await copyEntities(lee, target, specs);
      expect(answer.status).toBe(400);
      expect(answer.json.error.message).toBe(
        'At most 2000 entities (the sources and everything under them) per copy; this one ' +
          'copies more. Copy the folders in several requests.',
      );
      expect(await snapshot()).toEqual(before);
    };
    await tooLarge([...fortyTimes, { id: await entity('One more', 'MAPPING', project) }]);
    expect((await ok(copyEntities(lee, target, fortyTimes))).value).toHaveLength(40);
    expect(await idsUnder('/Sizes/Target')).toHaveLength(1 + 2000);
    await ok(copyEntities(lee, big, Array(39).fill({ id: fifty })));
    await tooLarge([{ id: big }]); // Big and its 40 × 50
  });

  it('writes nothing of a copy whose insert fails part-way through its one statement', async () => {
    const project = await entity('Atomic copies', 'Project', null);
    const deep = await entity('Deep', 'Folder', project);
    await entity('Inside', 'MAPPING', await entity('Sub', 'Folder', deep));
    const other = await entity('Other', 'Folder', project);
    const before = await snapshot();
    // Two top-level copies the caller named alike: the second row breaks the unique name.
    await expect(
      emulator.db.transaction((tx) =>
        copyTrees(tx, { id: LEE, orgId: ACME }, project, [
          { sourceId: deep, name: 'Twin' },
          { sourceId: other, name: 'TWIN' },
        ]),
      ),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it('copies a bundle into a folder inside one of its own objects as the objects stood before the copy', async () => {
    const project = await entity('Bundled', 'Project', null);
    const first = await entity('First', 'Folder', project);
    await entity('Doc', 'MAPPING', first);
    const second = await entity('Second', 'Folder', project);
    const inside = await entity('Inside', 'Folder', second);
    await entity('Doc', 'MAPPING', second);
    const bundle = await ok(
      ada.call('POST', `${bnd}/BundleDefinitions`, { name: 'Self', objectIds: [first, second] }),
    );
    await ok(ada.call('POST', `${bnd}/Bundles/Validate`, { bundleId: bundle.id }));
    await ok(ada.call('POST', `${bnd}/Bundles(${bundle.id})/Publish`));
    const copy = await ok(
      lee.call('POST', `${bnd}/Bundles(${bundle.id})/Copy`, { locationFrsId: inside }),
    );
    expect(copy.objectIds).toHaveLength(2);
    expect((await shape('/Bundled/Second/Inside')).map((e) => `${e.at} ${e.type}`)).toEqual([
      ' Folder',
      '/First Folder',
      '/First/Doc MAPPING',
      '/Second Folder',
      '/Second/Doc MAPPING',
      '/Second/Inside Folder',
    ]);
  });
});
