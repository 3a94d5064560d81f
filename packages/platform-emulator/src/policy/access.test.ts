import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { addUser, signInOverHttp, type HttpPersona } from '../test-support/httpPersona.ts';
import { seededSnapshot } from '../snapshot.ts';

// The access observations of issue 10, each reproduced over real HTTP: what Lee (a member)
// may do to Ada's owner-only objects, and whether privileges follow the user's current roles.
let emulator: Emulator;
let base: string;
let ada: HttpPersona;
let lee: HttpPersona;
const frs = '/frs-service/api/v1';
const scm = '/source-control-service/api/v1';
const ADA = 'usr-ada-0000001';
const LEE = 'usr-lee-0000001';
const ownerOnly = (objectId: string) => ({
  objectId,
  entries: [
    {
      principalType: 'USER',
      principalId: ADA,
      permissions: ['read', 'update', 'delete', 'change_perm'],
    },
  ],
});

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', snapshot: await seededSnapshot() });
  base = await emulator.listen();
  ada = await signInOverHttp(base, ADA);
  lee = await signInOverHttp(base, LEE);
});
afterAll(() => emulator.close());

describe('given privileges that come from roles', () => {
  it('derives a new session’s privileges from the roles the user has now, not those of creation', async () => {
    const added = await addUser(ada, 'grace.demoted@acme.example', ['rol-acme-admin1']);
    expect(added.status).toBe(201);
    const patched = await ada.call('PATCH', `/identity-service/api/v1/Users(${added.json.id})`, {
      roleIds: ['rol-acme-member'],
    });
    expect(patched.status).toBe(200);
    const grace = await signInOverHttp(base, added.json.id);
    const me = await grace.call('GET', '/session-service/api/v1/session/User');
    expect(me.json.effectivePrivileges).not.toContain('admin');
    const add = await addUser(grace, 'sneaky@acme.example');
    expect(add.status).toBe(403);
    expect((await grace.call('GET', '/authz-service/api/v1/BillingUrl')).status).toBe(403);
    const users = await ada.call('GET', '/identity-service/api/v1/Orgs(org-acme-000001)/Users');
    expect(users.json.value.map((u: { userName: string }) => u.userName)).not.toContain(
      'sneaky@acme.example',
    );
  });

  it('gives a promoted user the new role’s privileges in the session he already has, and takes them back', async () => {
    const promote = (roleId: string) =>
      ada.call('PATCH', `/identity-service/api/v1/Users(${LEE})`, { roleIds: [roleId] });
    expect((await promote('rol-acme-admin1')).status).toBe(200);
    expect(
      (await lee.call('GET', '/session-service/api/v1/session/User')).json.effectivePrivileges,
    ).toContain('admin');
    expect((await lee.call('GET', '/authz-service/api/v1/BillingUrl')).status).toBe(200);
    expect((await promote('rol-acme-member')).status).toBe(200);
    expect((await lee.call('GET', '/authz-service/api/v1/BillingUrl')).status).toBe(403);
  });
});

describe("given Ada's document and project with an owner-only ACL", () => {
  let doc: string;
  let project: string;
  let firstCommit: string;
  const docOf = async () =>
    (await ada.call('GET', `${frs}/Documents(${doc})?$expand=nativeData`)).json;

  beforeAll(async () => {
    const location = await ada.call('GET', `${frs}/FetchDefaultLocation()`);
    const docs = await ada.call('GET', `${frs}/Projects(${location.json.id})/BaseEntities`);
    doc = docs.json.value.find((e: { documentType: string }) => e.documentType === 'MAPPING').id;
    const created = await ada.call('POST', `${frs}/Projects`, { name: 'Ada secret project' });
    project = created.json.id;
    expect(
      (await ada.call('POST', `${frs}/Projects(${project})/Folders`, { name: 'Plans' })).status,
    ).toBe(201);
    // Source control: a connection, both users' credentials, two commits of the document.
    expect(
      (
        await ada.call('POST', `${scm}/RepoConnection`, {
          provider: 'GITHUB',
          repositoryUrl: 'https://github.example/acme/repo',
          branch: 'main',
          folderPath: '',
        })
      ).status,
    ).toBe(201);
    for (const who of [ada, lee]) {
      const saved = await who.call('POST', `${scm}/UserCredential`, {
        provider: 'GITHUB',
        username: who.id,
        token: 'secret-token',
      });
      expect(saved.status).toBe(201);
    }
    const first = await ada.call('POST', `${scm}/odata/Checkin`, {
      objectIds: [doc],
      message: 'v1',
    });
    firstCommit = first.json.commitHash;
    expect((await ada.call('POST', `${scm}/odata/Checkout`, { objectIds: [doc] })).status).toBe(
      201,
    );
    await ada.call('PATCH', `${frs}/Documents(${doc})`, { nativeData: { version: 2 } });
    expect(
      (await ada.call('POST', `${scm}/odata/Checkin`, { objectIds: [doc], message: 'v2' })).status,
    ).toBe(201);
    for (const id of [doc, project]) {
      expect((await ada.call('POST', `${frs}/UpdateACL`, ownerOnly(id))).status).toBe(201);
    }
    expect((await lee.call('PATCH', `${frs}/Documents(${doc})`, { description: 'x' })).status).toBe(
      403,
    );
  });

  it.each([
    ['PullByCommitHash', () => ({ objectIds: [doc], commitHash: firstCommit })],
    ['Pull', () => ({ objectIds: [doc] })],
    ['Checkout', () => ({ objectIds: [doc] })],
    ['UndoCheckout', () => ({ objectIds: [doc] })],
    ['Unlink', () => ({ objectIds: [doc] })],
    ['Compare', () => ({ objectIds: [doc] })],
  ])('refuses Lee’s %s on it with 403 and changes nothing', async (action, body) => {
    const before = await docOf();
    const answer = await lee.call('POST', `${scm}/odata/${action}`, body());
    expect(answer.status).toBe(403);
    expect(await docOf()).toEqual(before);
    expect(before.nativeData).toEqual({ version: 2 });
    // Ada is not locked out: she can still check it out and undo that.
    expect((await ada.call('POST', `${scm}/odata/Checkout`, { objectIds: [doc] })).status).toBe(
      201,
    );
    expect((await ada.call('POST', `${scm}/odata/UndoCheckout`, { objectIds: [doc] })).status).toBe(
      201,
    );
  });

  it('refuses Lee the content: the document, its ACL-protected project’s listings, and search results', async () => {
    for (const path of [
      `${frs}/Documents(${doc})?$expand=nativeData`,
      `${frs}/BaseEntities(${doc})`,
      `${frs}/Projects(${project})/Folders`,
      `${frs}/Projects(${project})/BaseEntities`,
    ]) {
      expect([403, 404], path).toContain((await lee.call('GET', path)).status);
    }
    const listed = await lee.call('GET', `${frs}/BaseEntities?$top=1000`);
    const ids = listed.json.value.map((e: { id: string }) => e.id);
    expect(ids).not.toContain(doc);
    expect(ids).not.toContain(project);
    expect(
      (await lee.call('GET', `${frs}/Projects`)).json.value.map((p: { id: string }) => p.id),
    ).not.toContain(project);
  });

  it('refuses Lee copies and exports of the protected objects, and writes nothing', async () => {
    const count = async () =>
      (await ada.call('GET', `${frs}/BaseEntities?$count=true&$top=0`)).json['@odata.count'];
    const before = await count();
    const location = (await lee.call('GET', `${frs}/FetchDefaultLocation()`)).json.id;
    expect(
      (
        await lee.call('POST', `${frs}/CopyProjects`, {
          xferSpec: { sourceSpecArr: [{ id: project }] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await lee.call('POST', `${frs}/CopyEntities`, {
          xferSpec: { targetLocationId: location, sourceSpecArr: [{ id: doc }] },
        })
      ).status,
    ).toBe(403);
    expect(await count()).toBe(before);
    const exported = await lee.call('POST', '/migration-service/api/v1/ExportJobs', {
      name: 'Steal',
      objects: [{ objectGuid: doc, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    });
    expect(exported.status).toBe(403);
    // Nor through a dependency: Lee's own export of an open object that references the document.
    const mine = await lee.call('POST', `${frs}/Projects(${location})/Folders`, {
      name: 'Lee open',
    });
    await emulator.db.query('insert into frs_refs (from_id, to_id) values ($1, $2)', [
      mine.json.id,
      doc,
    ]);
    const viaDependency = await lee.call('POST', '/migration-service/api/v1/ExportJobs', {
      name: 'Steal via a reference',
      objects: [{ objectGuid: mine.json.id, inclusionScope: 'WITH_DEPENDENCIES' }],
    });
    expect(viaDependency.status).toBe(403);
    expect((await lee.call('GET', '/migration-service/api/v1/ExportJobs')).json.value).toEqual([]);
  });

  it('refuses Lee tagging the protected project, renaming or deleting a tag it carries, and metering tags', async () => {
    expect(
      (
        await ada.call('POST', `${frs}/UpdateTagAssignment`, {
          ids: [project],
          assign: ['Confidential'],
        })
      ).status,
    ).toBe(201);
    const tags = async () => (await ada.call('GET', `${frs}/Tags`)).json.value;
    const tag = (await tags()).find((t: { name: string }) => t.name === 'Confidential');
    const before = await tags();
    expect(
      (await lee.call('POST', `${frs}/UpdateTagAssignment`, { ids: [project], assign: ['Mine'] }))
        .status,
    ).toBe(403);
    expect((await lee.call('PATCH', `${frs}/Tags(${tag.id})`, { name: 'Public' })).status).toBe(
      403,
    );
    expect((await lee.call('POST', `${frs}/DeleteTagEntities`, { tagIds: [tag.id] })).status).toBe(
      403,
    );
    expect(
      (
        await lee.call('POST', `${frs}/UpdateMeteringTagAssignment`, {
          ids: [project],
          meteringTagName: 'lee',
        })
      ).status,
    ).toBe(403);
    expect(await tags()).toEqual(before);
    expect((await ada.call('GET', `${frs}/MeteringTags`)).json.value).toEqual([]);
  });
});

describe('given a bundle Ada created', () => {
  it('refuses Lee deleting, editing, validating and every status change, and leaves it as it was', async () => {
    const location = (await ada.call('GET', `${frs}/FetchDefaultLocation()`)).json.id;
    const folder = await ada.call('POST', `${frs}/Projects(${location})/Folders`, {
      name: 'Bundle stuff',
    });
    const bundles = '/bundle-service/api/v1';
    const created = await ada.call('POST', `${bundles}/BundleDefinitions`, {
      name: 'Ada bundle',
      objectIds: [folder.json.id],
      accessCode: 'secret-code',
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    const read = async () =>
      (await ada.call('GET', `${bundles}/Bundles(${id})?showInAnyStatus=true`)).json;
    const before = await read();
    const attempts = [
      lee.call('DELETE', `${bundles}/BundleDefinitions(${id})`),
      lee.call('PUT', `${bundles}/BundleDefinitions(${id})`, {
        name: 'Lee bundle',
        objectIds: [folder.json.id],
      }),
      lee.call('POST', `${bundles}/Bundles/Validate`, { bundleId: id }),
      lee.call('POST', `${bundles}/Bundles(${id})/Publish`),
      lee.call('POST', `${bundles}/Bundles(${id})/Deprecate`),
      lee.call('POST', `${bundles}/Bundles(${id})/Withdraw`),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(403);
    expect(await read()).toEqual(before);
    expect((await ada.call('POST', `${bundles}/Bundles/Validate`, { bundleId: id })).status).toBe(
      201,
    );
  });
});

describe('given organisations and administrators', () => {
  it('refuses a member selecting a sub-organisation he cannot read', async () => {
    const answer = await lee.call('POST', '/session-service/api/v1/session/selectOrg', {
      orgId: 'org-emea-000002',
    });
    expect(answer.status).toBe(403);
    expect((await lee.call('GET', '/session-service/api/v1/session/User')).json.currentOrgId).toBe(
      'org-acme-000001',
    );
  });

  it('refuses the last administrator disabling herself or dropping her administrator role', async () => {
    for (const change of [{ state: 'DISABLED' }, { roleIds: ['rol-acme-member'] }]) {
      const answer = await ada.call('PATCH', `/identity-service/api/v1/Users(${ADA})`, change);
      expect(answer.status).toBe(409);
    }
    const me = await ada.call('GET', `/identity-service/api/v1/Users(${ADA})`);
    expect(me.json.state).toBe('ACTIVE');
    expect(me.json.roleIds).toEqual(['rol-acme-admin1']);
  });

  it('compares user names case-insensitively when adding a user', async () => {
    const answer = await addUser(ada, 'ADA.ADMIN@ACME.EXAMPLE');
    expect(answer.status).toBe(409);
  });
});
