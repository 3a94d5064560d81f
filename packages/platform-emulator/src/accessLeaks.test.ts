import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './app.ts';
import { RUN_MS } from './jobs/migrationJobs.ts';
import { signInOverHttp, type HttpPersona } from './test-support/httpPersona.ts';
import { ok } from './test-support/ok.ts';

// The access findings of issue 24's probe, each reproduced over real HTTP with the personas:
// Ada administers Acme, Lee is a member of Acme, Tia a member of the other organisation (Acme
// EMEA). Each test failed before its fix (docs/security.md lists them).
let emulator: Emulator;
let base: string;
let ada: HttpPersona;
let lee: HttpPersona;
let tia: HttpPersona;
/** The emulator's clock: tests advance it past a job's running time instead of waiting. */
let now = Date.now();
const frs = '/frs-service/api/v1';
const mig = '/migration-service/api/v1';
const bnd = '/bundle-service/api/v1';
const ADA = 'usr-ada-0000001';
const adaOnly = {
  principalType: 'USER',
  principalId: ADA,
  permissions: ['read', 'update', 'delete', 'change_perm'],
};

const restrictToAda = (objectId: string) =>
  ok(ada.call('POST', `${frs}/UpdateACL`, { objectId, entries: [adaOnly] }));
const project = async (name: string) =>
  (await ok(ada.call('POST', `${frs}/Projects`, { name }))).id as string;
const folder = async (parent: string, name: string) =>
  (await ok(ada.call('POST', `${frs}/Projects(${parent})/Folders`, { name }))).id as string;
/** Ada's copy of a seeded document of the default project, moved into `parent`. */
async function document(parent: string): Promise<{ id: string; name: string }> {
  const home = (await ok(ada.call('GET', `${frs}/FetchDefaultLocation()`))).id as string;
  const copied = await ok(
    ada.call('POST', `${frs}/CopyEntities`, {
      xferSpec: { targetLocationId: parent, sourceSpecArr: [{ id: await seededMapping(home) }] },
    }),
  );
  const id = copied.value[0].id as string;
  const row = await ok(ada.call('GET', `${frs}/BaseEntities(${id})`));
  return { id, name: row.name as string };
}
async function seededMapping(home: string): Promise<string> {
  const list = await ok(ada.call('GET', `${frs}/Projects(${home})/BaseEntities`));
  return list.value.find((e: { documentType: string }) => e.documentType === 'MAPPING').id;
}
/** Creates an export job as `who` and lets it end on the emulator's clock. */
async function exported(who: HttpPersona, objectGuid: string): Promise<string> {
  const job = await ok(
    who.call('POST', `${mig}/ExportJobs`, {
      name: `Export ${objectGuid}`,
      objects: [{ objectGuid, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    }),
  );
  now += RUN_MS;
  expect((await ok(who.call('GET', `${mig}/ExportJobs(${job.id})`))).status).toBe('SUCCESSFUL');
  return job.id as string;
}

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', clock: { now: () => now } });
  base = await emulator.listen();
  ada = await signInOverHttp(base, ADA);
  lee = await signInOverHttp(base, 'usr-lee-0000001');
  tia = await signInOverHttp(base, 'usr-tia-0000001');
});
afterAll(() => emulator.close());

describe('finding 1: exports and their artefacts', () => {
  it("keeps Ada's export of a document restricted to her away from Lee: not listed, and its package, log and objects answer 404", async () => {
    const p = await project('Finding 1');
    const doc = await document(p);
    await restrictToAda(p);
    expect((await lee.call('GET', `${frs}/Documents(${doc.id})`)).status).toBe(403);
    const job = await exported(ada, doc.id);

    const listed = await lee.call('GET', `${mig}/ExportJobs`);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(job);
    for (const artefact of ['', '/$package', '/$log', '/ExportObjects']) {
      const answer = await lee.call('GET', `${mig}/ExportJobs(${job})${artefact}`);
      expect(answer.status, artefact).toBe(404);
      expect(answer.text, artefact).not.toContain(doc.name);
    }
    const pkg = await ada.call('GET', `${mig}/ExportJobs(${job})/$package`);
    expect(pkg.status).toBe(200);
    expect(pkg.text).toContain(doc.name);
  });

  it("refuses Lee his own export's package, log and objects (403) once he may no longer read what it carries", async () => {
    const p = await project('Finding 1 later');
    const doc = await document(p);
    const job = await exported(lee, doc.id);
    expect((await lee.call('GET', `${mig}/ExportJobs(${job})/$package`)).status).toBe(200);
    await restrictToAda(p);
    for (const artefact of ['/$package', '/$log', '/ExportObjects']) {
      const answer = await lee.call('GET', `${mig}/ExportJobs(${job})${artefact}`);
      expect(answer.status, artefact).toBe(403);
      expect(answer.text, artefact).not.toContain('nativeData');
      expect(answer.text, artefact).not.toContain('Exported');
    }
  });

  it("keeps Ada's import job, its objects and log away from Lee (404) and out of his list", async () => {
    const open = await project('Finding 1 import');
    const doc = await document(open);
    const job = await exported(ada, doc.id);
    const pkg = await ada.call('GET', `${mig}/ExportJobs(${job})/$package`);
    const uploaded = await ok(
      ada.call('POST', `${mig}/ImportJobs/$package`, new TextEncoder().encode(pkg.text)),
    );
    const imp = await ok(
      ada.call('POST', `${mig}/ImportJobs`, {
        name: 'Ada import',
        importSpecification: { packageId: uploaded.packageId, targetLocationId: open },
      }),
    );
    expect((await lee.call('GET', `${mig}/ImportJobs`)).text).not.toContain(imp.id);
    for (const artefact of ['', '/ImportObjects', '/$log']) {
      const answer = await lee.call('GET', `${mig}/ImportJobs(${imp.id})${artefact}`);
      expect(answer.status, artefact).toBe(404);
      expect(answer.text, artefact).not.toContain(doc.name);
    }
    expect((await ada.call('GET', `${mig}/ImportJobs(${imp.id})/ImportObjects`)).status).toBe(200);
  });
});

describe('finding 3: starting an import job', () => {
  /** A package of one document, uploaded by `who`, with its checksum broken. */
  async function brokenPackage(who: HttpPersona, source: string): Promise<string> {
    const job = await exported(who, source);
    const pkg = JSON.parse((await who.call('GET', `${mig}/ExportJobs(${job})/$package`)).text);
    const body = new TextEncoder().encode(JSON.stringify({ ...pkg, checksum: 'broken' }));
    const uploaded = await ok(who.call('POST', `${mig}/ImportJobs/$package`, body));
    expect(uploaded.checksumValid).toBe(false);
    return uploaded.packageId as string;
  }

  it("refuses Lee to start Ada's import job with relaxChecksum (404), and nothing lands in her project", async () => {
    const target = await project('Finding 3 Ada');
    const doc = await document(await project('Finding 3 source'));
    const packageId = await brokenPackage(ada, doc.id);
    await restrictToAda(target);
    const job = await ok(
      ada.call('POST', `${mig}/ImportJobs`, {
        name: 'Ada relaxed',
        importSpecification: { packageId, targetLocationId: target },
      }),
    );
    const start = await lee.call('POST', `${mig}/StartImportJob`, {
      jobId: job.id,
      relaxChecksum: true,
    });
    expect(start.status).toBe(404);
    expect((await ok(ada.call('GET', `${mig}/ImportJobs(${job.id})`))).status).toBe('CREATED');
  });

  it('re-checks update on the target when Lee starts his own job: 403 once the target is restricted', async () => {
    const target = await project('Finding 3 Lee');
    const doc = await document(await project('Finding 3 Lee source'));
    const packageId = await brokenPackage(lee, doc.id);
    const job = await ok(
      lee.call('POST', `${mig}/ImportJobs`, {
        name: 'Lee relaxed',
        importSpecification: { packageId, targetLocationId: target },
      }),
    );
    await restrictToAda(target);
    const start = await lee.call('POST', `${mig}/StartImportJob`, {
      jobId: job.id,
      relaxChecksum: true,
    });
    expect(start.status).toBe(403);
    now += RUN_MS;
    const children = await ok(ada.call('GET', `${frs}/Projects(${target})/BaseEntities`));
    expect(children.value).toEqual([]);
  });
});

describe('finding 2: copying a published bundle', () => {
  /** A validated, published bundle of the objects; answers its id. */
  async function published(name: string, objectIds: string[], accessCode?: string) {
    const b = await ok(
      ada.call('POST', `${bnd}/BundleDefinitions`, { name, objectIds, accessCode }),
    );
    await ok(ada.call('POST', `${bnd}/Bundles/Validate`, { bundleId: b.id }));
    await ok(ada.call('POST', `${bnd}/Bundles(${b.id})/Publish`));
    return b.id as string;
  }
  const homeOf = async (who: HttpPersona) =>
    (await ok(who.call('GET', `${frs}/FetchDefaultLocation()`))).id as string;

  it('refuses Lee a copy (403) carrying a document Ada added under the folder after publishing and restricted to herself', async () => {
    const p = await project('Finding 2');
    const f = await folder(p, 'Shared folder');
    const bundle = await published('Finding 2 bundle', [f]);
    const doc = await document(f);
    await restrictToAda(doc.id);
    const leeHome = await homeOf(lee);
    const copy = await lee.call('POST', `${bnd}/Bundles(${bundle})/Copy`, {
      locationFrsId: leeHome,
    });
    expect(copy.status, copy.text).toBe(403);
    const names = (await ok(lee.call('GET', `${frs}/Projects(${leeHome})/BaseEntities`))).value;
    expect(JSON.stringify(names)).not.toContain('Shared folder');
    expect(
      (await ada.call('POST', `${bnd}/Bundles(${bundle})/Copy`, { locationFrsId: p })).status,
    ).toBe(201);
  });

  it('refuses Tia, of another organisation, a copy of a bundle published without an access code (403)', async () => {
    const p = await project('Finding 2 open');
    const bundle = await published('Finding 2 no code', [await folder(p, 'No code')]);
    const copy = await tia.call('POST', `${bnd}/Bundles(${bundle})/Copy`, {
      locationFrsId: await homeOf(tia),
    });
    expect(copy.status, copy.text).toBe(403);
  });

  it("gives Tia's copy with the access code none of Acme's tags, and refuses one carrying what Acme restricts without naming it", async () => {
    const p = await project('Finding 2 code');
    const f = await folder(p, 'Tagged');
    await ok(ada.call('POST', `${frs}/UpdateTagAssignment`, { ids: [f], assign: ['Acme only'] }));
    const code = 'finding-2-access-code';
    const bundle = await published('Finding 2 with code', [f], code);
    const tiaHome = await homeOf(tia);
    const copy = await ok(
      tia.call('POST', `${bnd}/Bundles(${bundle})/Copy`, {
        locationFrsId: tiaHome,
        accessCode: code,
      }),
    );
    const foreign = await emulator.db.query(
      `select 1 from frs_entity_tags et join frs_entities e on e.id = et.entity_id
        join frs_tags t on t.id = et.tag_id where e.org_id <> t.org_id`,
    );
    expect(foreign).toEqual([]);
    const copied = await ok(tia.call('GET', `${frs}/BaseEntities(${copy.objectIds[0]})`));
    expect(copied.tags).toEqual([]);

    const secret = await document(f);
    await restrictToAda(secret.id);
    const refused = await tia.call('POST', `${bnd}/Bundles(${bundle})/Copy`, {
      locationFrsId: tiaHome,
      accessCode: code,
    });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(secret.name);
  });
});

describe('finding 6: ids of another organisation', () => {
  it('answers Tia the 404 of a missing id, naming nothing, for an Acme object in a bundle or an export', async () => {
    const p = await project('Finding 6');
    const open = await document(p);
    const secret = await document(p);
    await restrictToAda(secret.id);
    for (const id of [open.id, secret.id]) {
      const bundle = await tia.call('POST', `${bnd}/BundleDefinitions`, {
        name: 'Borrowed',
        objectIds: [id],
      });
      const job = await tia.call('POST', `${mig}/ExportJobs`, {
        name: 'Borrowed',
        objects: [{ objectGuid: id, inclusionScope: 'WITH_DEPENDENCIES' }],
      });
      for (const answer of [bundle, job]) {
        expect(answer.status, answer.text).toBe(404);
        expect(answer.text).toContain(`The repository entity '${id}' does not exist.`);
        expect(answer.text).not.toContain(open.name);
      }
    }
  });
});

describe('finding 7: metadata of objects Lee may not read', () => {
  const scm = '/source-control-service/api/v1';
  beforeAll(async () => {
    await ok(
      ada.call('POST', `${scm}/RepoConnection`, {
        provider: 'GITHUB',
        repositoryUrl: 'https://github.example/acme/leaks',
        branch: 'main',
        folderPath: '',
      }),
    );
    await ok(
      ada.call('POST', `${scm}/UserCredential`, {
        provider: 'GITHUB',
        username: 'ada',
        token: 't',
      }),
    );
  });

  it('leaves what Lee may not read out of $expand=refs', async () => {
    const home = (await ok(ada.call('GET', `${frs}/FetchDefaultLocation()`))).id as string;
    const mapping = await seededMapping(home);
    const refs = async (who: HttpPersona) =>
      (await ok(who.call('GET', `${frs}/Documents(${mapping})?$expand=refs`))).outboundRefs;
    const [connection] = await refs(lee);
    expect(connection.name).toBe('Orders DB');
    await restrictToAda(connection.id);
    expect(await refs(lee)).toEqual([]);
    expect(await refs(ada)).toEqual([connection]);
  });

  it("refuses Lee CheckEntityList in a project he may not read (403) and gives him no id of Ada's restricted project", async () => {
    const p = await project('Finding 7 secret');
    await restrictToAda(p);
    const inside = await lee.call('POST', `${frs}/CheckEntityList`, {
      entityList: [{ name: 'Anything', documentType: 'Folder', parentId: p }],
    });
    expect(inside.status).toBe(403);
    const top = await ok(
      lee.call('POST', `${frs}/CheckEntityList`, {
        entityList: [{ name: 'Finding 7 secret', documentType: 'Project' }],
      }),
    );
    expect(top.conflicts).toEqual([expect.objectContaining({ reason: 'EXISTS' })]);
    expect(JSON.stringify(top)).not.toContain(p);
    const ada7 = await ok(
      ada.call('POST', `${frs}/CheckEntityList`, {
        entityList: [{ name: 'Finding 7 secret', documentType: 'Project' }],
      }),
    );
    expect(ada7.conflicts[0].existingId).toBe(p);
  });

  it("hides from Lee the commits, remote projects and compare results of Ada's restricted document", async () => {
    const p = await project('Finding 7 scm');
    const doc = await document(p);
    await ok(
      ada.call('POST', `${scm}/odata/Checkin`, {
        objectIds: [doc.id],
        message: 'Secret commit message',
      }),
    );
    const job = await ok(
      ada.call('POST', `${scm}/odata/Compare`, { objectIds: [doc.id], async: true }),
    );
    const seen = async () => ({
      commits: (await lee.call('GET', `${scm}/remoteRepo/commits`)).text,
      projects: (await lee.call('GET', `${scm}/remoteRepo/projects`)).text,
      one: (await lee.call('GET', `${scm}/remoteRepo/commits?objectId=${doc.id}`)).status,
    });
    expect(await seen()).toEqual({
      commits: expect.stringContaining('Secret commit message'),
      projects: expect.stringContaining('Finding 7 scm'),
      one: 200,
    });
    await restrictToAda(p);
    const after = await seen();
    expect(after.commits).not.toContain('Secret commit message');
    expect(after.projects).not.toContain('Finding 7 scm');
    expect(after.one).toBe(403);
    now += 1000;
    const compare = await lee.call('GET', `${scm}/odata/CompareJobs(${job.jobId})`);
    expect(compare.status).toBe(403);
    expect(compare.text).not.toContain('differences');
    expect((await ok(ada.call('GET', `${scm}/odata/CompareJobs(${job.jobId})`))).status).toBe(
      'SUCCESSFUL',
    );
  });
});

describe('finding 9: the billing address', () => {
  it('gives Lee no billing URL through Orgs(<org>)?$expand=attributes, and Ada still gets it', async () => {
    const path = '/identity-service/api/v1/Orgs(org-acme-000001)?$expand=attributes';
    const names = async (who: HttpPersona) =>
      ((await ok(who.call('GET', path))).attributes as { name: string }[]).map((a) => a.name);
    expect(await names(ada)).toContain('authz.billingUrl');
    const lees = await names(lee);
    expect(lees.length).toBeGreaterThan(0);
    expect(lees).not.toContain('authz.billingUrl');
    expect((await lee.call('GET', path)).text).not.toContain('billing.example.com');
  });
});

describe('finding 13: marking a notification read for all users', () => {
  it('refuses Ada (404) a notification only users of an organisation outside hers received, and leaves theirs NEW', async () => {
    // A third organisation, neither Acme nor one of its sub-organisations, with one user and one message.
    await emulator.db.exec(`
      insert into orgs (id, name, parent_id) values ('org-other-00003', 'Other', 'org-other-00003');
      insert into users (id, org_id, user_name, display_name, email)
        values ('usr-oli-0000001', 'org-other-00003', 'oli@other.example', 'Oli Other', 'oli@other.example');
      insert into notification_messages (id, notification_id, user_id, status, type, priority, categories, title, body, publish_time, created_at)
        values ('msg-oli-0000001', 'ntf-other-000001', 'usr-oli-0000001', 'NEW', 'BANNER', 'NORMAL', '[]', 'Other', 'Other', now(), now());`);
    const marked = await ada.call(
      'POST',
      '/notification-service/api/v1/MarkNotificationAsReadForAllUsers',
      { notificationId: 'ntf-other-000001' },
    );
    expect(marked.status).toBe(404);
    const rows = await emulator.db.query<{ status: string }>(
      "select status from notification_messages where id = 'msg-oli-0000001'",
    );
    expect(rows).toEqual([{ status: 'NEW' }]);
  });
});

describe('finding 14: a bearer endpoint without a token', () => {
  it('answers 401, not 400, to a caller without a token who sends an invalid body', async () => {
    const answer = await fetch(`${base}/notification-settings-service/api/v1/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not a boolean', extra: 1 }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('finding 5: bulk requests a member can send', () => {
  it('refuses repeated ids and lists beyond what a user can hold (400) before touching the database', async () => {
    const p = await project('Finding 5');
    const entry = { principalType: 'USER', principalId: ADA, permissions: ['read'] };
    const access = (ids: string[], entries = [entry]) =>
      lee.call('POST', `${frs}/UpdateEntityAccess`, { ids, entries });
    expect((await access([p, p])).status).toBe(400);
    expect((await access(Array.from({ length: 101 }, (_, i) => `id-${i}`))).status).toBe(400);
    expect(
      (
        await access(
          [p],
          Array.from({ length: 51 }, () => entry),
        )
      ).status,
    ).toBe(400);
    const remove = (artifactIds: string[]) =>
      lee.call('POST', `${frs}/DeleteEntities`, { artifactIds });
    expect((await remove([p, p])).status).toBe(400);
    expect((await remove(Array.from({ length: 201 }, (_, i) => `id-${i}`))).status).toBe(400);
    expect((await ok(ada.call('GET', `${frs}/BaseEntities(${p})`))).id).toBe(p);
  });

  it("lists for Lee exactly what each entity's nearest ACL lets him read, two levels deep, and refuses him a bulk delete of what he may only read (403)", async () => {
    const p = await project('Finding 5 nearest ACL');
    const open = await folder(p, 'Open');
    const closed = await folder(p, 'Closed');
    const inOpen = await document(open);
    const inClosed = await document(closed);
    await restrictToAda(p);
    await ok(
      ada.call('POST', `${frs}/UpdateACL`, {
        objectId: open,
        entries: [{ principalType: 'USER', principalId: 'usr-lee-0000001', permissions: ['read'] }],
      }),
    );

    const listed = (await ok(lee.call('GET', `${frs}/BaseEntities?$top=100000`))).value.map(
      (e: { id: string }) => e.id,
    );
    const made = [p, open, closed, inOpen.id, inClosed.id];
    expect(made.filter((id) => listed.includes(id))).toEqual([open, inOpen.id]);

    const refused = await lee.call('POST', `${frs}/DeleteEntities`, {
      artifactIds: [open, inOpen.id],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/^You lack the 'delete' permission/);
    expect((await ok(ada.call('GET', `${frs}/BaseEntities(${inOpen.id})`))).id).toBe(inOpen.id);
  });

  it('checks every folder of a bundle definition and an export of several together: Lee is refused (403, nothing created) when one is restricted, and allowed the others', async () => {
    const p = await project('Finding 5 subtrees');
    const a = await folder(p, 'Shared A');
    const b = await folder(p, 'Secret B');
    const c = await folder(p, 'Shared C');
    await document(b);
    await restrictToAda(b);
    const definitions = async () =>
      (await ok(lee.call('GET', `${bnd}/BundleDefinitions`))).value.length;
    const jobs = async () => (await ok(lee.call('GET', `${mig}/ExportJobs`))).value.length;
    const before = [await definitions(), await jobs()];
    const objects = (ids: string[]) =>
      ids.map((objectGuid) => ({ objectGuid, inclusionScope: 'WITH_DEPENDENCIES' }));

    const bundle = await lee.call('POST', `${bnd}/BundleDefinitions`, {
      name: 'Several',
      objectIds: [a, b, c],
    });
    expect(bundle.status).toBe(403);
    expect(bundle.json.error.message).toMatch(/^You lack the 'read' permission/);
    const job = await lee.call('POST', `${mig}/ExportJobs`, {
      name: 'Several',
      objects: objects([a, b, c]),
    });
    expect(job.status).toBe(403);
    expect([await definitions(), await jobs()]).toEqual(before);

    await ok(lee.call('POST', `${bnd}/BundleDefinitions`, { name: 'Two', objectIds: [a, c] }));
    await ok(lee.call('POST', `${mig}/ExportJobs`, { name: 'Two', objects: objects([a, c]) }));
    expect([await definitions(), await jobs()]).toEqual(before.map((n) => n + 1));
  });

  it('refuses UpdateEntityAccess one ACL row over 2,000 (41 ids × 50 entries, 400 naming the limit) before looking the ids up, and writes nothing, and writes 40 × 50', async () => {
    const p = await project('Finding 5 rows');
    const ids: string[] = [];
    for (let i = 0; i < 41; i++) ids.push(await folder(p, `F${i}`));
    const entries = Array.from({ length: 50 }, (_, i) => ({
      principalType: 'USER',
      principalId: `usr-rows-${String(i).padStart(5, '0')}`,
      permissions: ['read'],
    }));
    const written = async () =>
      (
        await emulator.db.query<{ n: number }>(
          'select count(*)::int as n from frs_acl where entity_id = any($1)',
          [ids],
        )
      )[0]?.n;

    const refused = await ada.call('POST', `${frs}/UpdateEntityAccess`, { ids, entries });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('VALIDATION');
    expect(refused.json.error.details).toEqual([
      {
        target: 'entries',
        message: expect.stringMatching(/^At most 2000 ACL rows .* 2050 \(41 × 50\)/),
      },
    ]);
    expect(await written()).toBe(0);
    // Judged before any lookup: Tia, for whom Acme's ids do not exist, gets the same 400.
    const tias = await tia.call('POST', `${frs}/UpdateEntityAccess`, { ids, entries });
    expect(tias.status).toBe(400);

    const acls = await ok(
      ada.call('POST', `${frs}/UpdateEntityAccess`, { ids: ids.slice(0, 40), entries }),
    );
    expect(acls.map((a: { entries: unknown[] }) => a.entries.length)).toEqual(
      Array.from({ length: 40 }, () => 50),
    );
    expect(await written()).toBe(2000);
  });
});
