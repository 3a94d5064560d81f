import { listEndpoints, type AnyEndpoint } from '@ics/platform-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { RUN_MS } from '../jobs/migrationJobs.ts';
import { signInOverHttp, type Answer, type HttpPersona } from '../test-support/httpPersona.ts';
import { accessTable, revealsTable, type AccessRule } from './table.ts';

// Walks the access table (policy/table.ts, docs/access-table.md): for each rule,
// a persona it refuses gets 403/404 and nothing is written; a persona it allows gets a 2xx.
let emulator: Emulator;
let base: string;
let ada: HttpPersona;
let lee: HttpPersona;
let nia: HttpPersona;
const ADA = 'usr-ada-0000001';
/** The emulator's clock: advanced by the setup instead of waiting. */
let now = Date.now();
const frs = '/frs-service/api/v1';
const scm = '/source-control-service/api/v1/odata';
const bundles = '/bundle-service/api/v1';
const mig = '/migration-service/api/v1';
const EMEA = 'org-emea-000002';
const keyOf = new Map(listEndpoints().map((e) => [`${e.group}.${e.name}`, e]));

/** A digest of every table's content: equal before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const tables = await emulator.db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const digests = [];
  for (const { name } of tables) {
    const [row] = await emulator.db.query<{ d: string | null }>(
      `select md5(string_agg(t::text, '|' order by t::text)) as d from "${name}" t`,
    );
    digests.push(`${name}:${row?.d ?? ''}`);
  }
  return digests.join(',');
}

const pathOf = (endpoint: AnyEndpoint, fill: string) =>
  `${keyOf.get([...keyOf].find(([, e]) => e.endpoint === endpoint)?.[0] ?? '')?.fullPath ?? ''}`.replace(
    /\{[A-Za-z]+\}/g,
    fill,
  );

/** The ids the object fixtures name; filled by the setup. */
const ids = {
  defaultProject: '',
  secret: '', // Ada's project with an owner-only ACL
  folder: '', // a folder in it (inherits the ACL)
  doc: '', // Ada's mapping with an owner-only ACL
  open: '', // an unprotected folder, in a published bundle
  tag: '',
  bundle: '',
  published: '',
  exportJob: '',
  readJob: '', // an ended export of Ada's that the walk only reads
  importJob: '',
  compareJob: '',
  pkg: '',
  hash: '',
};
interface Fixture {
  readonly method: string;
  readonly path: () => string;
  readonly body?: () => unknown;
  /** A listing: the refused persona gets 200 without the protected objects; Ada's lists this one. */
  readonly lists?: () => string;
  /** What the refused persona's listing must not show, when more than the protected objects. */
  readonly hides?: () => string[];
  /** The persona refused, when not Lee. */
  readonly refused?: 'nia';
  /** Keeps what Ada's allowed call answers for later fixtures. */
  readonly keep?: (answer: Answer) => void;
}
const f = (
  method: string,
  path: () => string,
  body?: () => unknown,
  extra: Partial<Fixture> = {},
): Fixture => ({ method, path, body, ...extra });
const adaOnly = () => ({
  principalType: 'USER',
  principalId: ADA,
  permissions: ['read', 'update', 'delete', 'change_perm'],
});

/**
 * One request per operation whose rule names an object or an organisation, in the order Ada
 * runs them (what destroys comes last). Lee's requests target Ada's protected objects, or the
 * sub-organisation a member may not see.
 */
const fixtures: Record<string, Fixture> = {
  'identity.getOrg': f('GET', () => `/identity-service/api/v1/Orgs(${EMEA})`),
  'identity.getOrgUsers': f('GET', () => `/identity-service/api/v1/Orgs(${EMEA})/Users`),
  'identity.getOrgGroups': f('GET', () => `/identity-service/api/v1/Orgs(${EMEA})/Groups`),
  'identity.getOrgRoles': f('GET', () => `/identity-service/api/v1/Orgs(${EMEA})/Roles`),
  'identity.getUser': f('GET', () => '/identity-service/api/v1/Users(usr-nia-0000001)'),
  'identity.getGroup': f('GET', () => '/identity-service/api/v1/Groups(grp-emea-analys)'),
  'identity.getRole': f('GET', () => '/identity-service/api/v1/Roles(rol-emea-member)'),
  'identity.getPendingVerificationForUser': f(
    'GET',
    () => '/identity-service/api/v1/Users/PendingVerificationForUser/usr-nia-0000001',
  ),
  'licence.getEffectiveLicenses': f(
    'GET',
    () => `/license-service/api/v1/OrgLicenseAssignment(${EMEA})/EffectiveLicenses()`,
  ),
  'licence.getViews': f(
    'GET',
    () => `/license-service/api/v1/OrgLicenseAssignment(${EMEA})/Views()`,
  ),
  'preferences.getOrgPreferences': f(
    'GET',
    () => '/identity-service/api/v1/Orgs(org-acme-000001)/Preferences',
    undefined,
    { refused: 'nia' },
  ),
  'preferences.createOrgPreference': f(
    'POST',
    () => '/identity-service/api/v1/Orgs(org-acme-000001)/Preferences',
    () => ({ fullyQualifiedName: 'walk.org', value: '1' }),
  ),
  'preferences.updateOrgPreference': f(
    'PUT',
    () => '/identity-service/api/v1/Orgs(org-acme-000001)/Preferences(walk.org)',
    () => ({ value: '2' }),
  ),
  'preferences.deleteOrgPreference': f(
    'DELETE',
    () => '/identity-service/api/v1/Orgs(org-acme-000001)/Preferences(walk.org)',
  ),
  'preferences.getUserPreferences': f(
    'GET',
    () => `/identity-service/api/v1/Users(${ADA})/Preferences`,
  ),
  'preferences.createUserPreference': f(
    'POST',
    () => `/identity-service/api/v1/Users(${ADA})/Preferences`,
    () => ({ fullyQualifiedName: 'walk.user', value: '1' }),
  ),
  'preferences.updateUserPreference': f(
    'PUT',
    () => `/identity-service/api/v1/Users(${ADA})/Preferences(walk.user)`,
    () => ({ value: '2' }),
  ),
  'preferences.deleteUserPreference': f(
    'DELETE',
    () => `/identity-service/api/v1/Users(${ADA})/Preferences(walk.user)`,
  ),
  'notifications.getReceivedMessages': f(
    'GET',
    () => `/notification-service/api/v1/Users(${ADA})/ReceivedMessages`,
  ),
  'repository.getProjects': f('GET', () => `${frs}/Projects`, undefined, {
    lists: () => ids.secret,
  }),
  'repository.getDocuments': f('GET', () => `${frs}/Documents`, undefined, {
    lists: () => ids.doc,
  }),
  'repository.getBaseEntities': f('GET', () => `${frs}/BaseEntities?$top=1000`, undefined, {
    lists: () => ids.secret,
  }),
  'repository.fetchProjectStatForRecentEntity': f(
    'GET',
    () => `${frs}/FetchProjectStatForRecentEntity()`,
    undefined,
    { lists: () => ids.secret },
  ),
  'repository.getDocument': f('GET', () => `${frs}/Documents(${ids.doc})?$expand=nativeData`),
  'repository.getBaseEntity': f('GET', () => `${frs}/BaseEntities(${ids.folder})`),
  'repository.getProjectFolders': f('GET', () => `${frs}/Projects(${ids.secret})/Folders`),
  'repository.getProjectBaseEntities': f(
    'GET',
    () => `${frs}/Projects(${ids.secret})/BaseEntities`,
  ),
  'repository.getFolderBaseEntities': f('GET', () => `${frs}/Folders(${ids.folder})/BaseEntities`),
  'repository.getAcl': f('GET', () => `${frs}/GetACL?id=${ids.doc}`),
  'repository.updateProject': f(
    'PATCH',
    () => `${frs}/Projects(${ids.secret})`,
    () => ({
      description: 'walked',
    }),
  ),
  'repository.updateFolder': f(
    'PATCH',
    () => `${frs}/Folders(${ids.folder})`,
    () => ({
      description: 'walked',
    }),
  ),
  'repository.updateDocument': f(
    'PATCH',
    () => `${frs}/Documents(${ids.doc})`,
    () => ({
      description: 'walked',
    }),
  ),
  'repository.createFolder': f(
    'POST',
    () => `${frs}/Projects(${ids.secret})/Folders`,
    () => ({
      name: 'Walked folder',
    }),
  ),
  'repository.copyProjects': f(
    'POST',
    () => `${frs}/CopyProjects`,
    () => ({
      xferSpec: { sourceSpecArr: [{ id: ids.secret }] },
    }),
  ),
  'repository.copyEntities': f(
    'POST',
    () => `${frs}/CopyEntities`,
    () => ({
      xferSpec: { targetLocationId: ids.defaultProject, sourceSpecArr: [{ id: ids.doc }] },
    }),
  ),
  'repository.updateTag': f(
    'PATCH',
    () => `${frs}/Tags(${ids.tag})`,
    () => ({
      description: 'walked',
    }),
  ),
  'repository.updateTagAssignment': f(
    'POST',
    () => `${frs}/UpdateTagAssignment`,
    () => ({
      ids: [ids.secret],
      assign: ['Walked'],
    }),
  ),
  'repository.updateMeteringTagAssignment': f(
    'POST',
    () => `${frs}/UpdateMeteringTagAssignment`,
    () => ({ ids: [ids.secret], meteringTagName: 'walked' }),
  ),
  'repository.updateEntityAccess': f(
    'POST',
    () => `${frs}/UpdateEntityAccess`,
    () => ({
      ids: [ids.doc],
      entries: [adaOnly()],
    }),
  ),
  'repository.updateAcl': f(
    'POST',
    () => `${frs}/UpdateACL`,
    () => ({
      objectId: ids.doc,
      entries: [adaOnly()],
    }),
  ),
  'bundles.createBundleDefinition': f(
    'POST',
    () => `${bundles}/BundleDefinitions`,
    () => ({
      name: 'Walked bundle',
      objectIds: [ids.doc],
    }),
  ),
  'bundles.updateBundleDefinition': f(
    'PUT',
    () => `${bundles}/BundleDefinitions(${ids.bundle})`,
    () => ({ name: 'Walked', objectIds: [ids.folder] }),
  ),
  'bundles.validateBundle': f(
    'POST',
    () => `${bundles}/Bundles/Validate`,
    () => ({
      bundleId: ids.bundle,
    }),
  ),
  'bundles.publishBundle': f('POST', () => `${bundles}/Bundles(${ids.bundle})/Publish`),
  'bundles.deprecateBundle': f('POST', () => `${bundles}/Bundles(${ids.bundle})/Deprecate`),
  'bundles.withdrawBundle': f('POST', () => `${bundles}/Bundles(${ids.bundle})/Withdraw`),
  'bundles.deleteBundleDefinition': f(
    'DELETE',
    () => `${bundles}/BundleDefinitions(${ids.bundle})`,
  ),
  'bundles.copyBundle': f(
    'POST',
    () => `${bundles}/Bundles(${ids.published})/Copy`,
    () => ({
      locationFrsId: ids.secret,
    }),
  ),
  'migration.createExportJob': f(
    'POST',
    () => '/migration-service/api/v1/ExportJobs',
    () => ({
      name: 'Walked export',
      objects: [{ objectGuid: ids.doc, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    }),
  ),
  'migration.updateExportJob': f(
    'PUT',
    () => `/migration-service/api/v1/ExportJobs(${ids.exportJob})`,
    () => ({
      name: 'Walked export again',
      objects: [{ objectGuid: ids.doc, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    }),
  ),
  'migration.createImportJob': f(
    'POST',
    () => '/migration-service/api/v1/ImportJobs',
    () => ({
      name: 'Walked import',
      importSpecification: { packageId: ids.pkg, targetLocationId: ids.secret },
    }),
  ),
  'sourcecontrol.checkin': f(
    'POST',
    () => `${scm}/Checkin`,
    () => ({
      objectIds: [ids.doc],
      message: 'walked',
    }),
    { keep: (a) => (ids.hash = a.json.commitHash) },
  ),
  'sourcecontrol.checkout': f(
    'POST',
    () => `${scm}/Checkout`,
    () => ({ objectIds: [ids.doc] }),
  ),
  'sourcecontrol.undoCheckout': f(
    'POST',
    () => `${scm}/UndoCheckout`,
    () => ({
      objectIds: [ids.doc],
    }),
  ),
  'sourcecontrol.pull': f(
    'POST',
    () => `${scm}/Pull`,
    () => ({ objectIds: [ids.doc] }),
  ),
  'sourcecontrol.pullByCommitHash': f(
    'POST',
    () => `${scm}/PullByCommitHash`,
    () => ({
      objectIds: [ids.doc],
      commitHash: ids.hash || 'abcdef1',
    }),
  ),
  'sourcecontrol.compare': f(
    'POST',
    () => `${scm}/Compare`,
    () => ({ objectIds: [ids.doc] }),
  ),
  'sourcecontrol.unlink': f(
    'POST',
    () => `${scm}/Unlink`,
    () => ({ objectIds: [ids.doc] }),
  ),
  'repository.checkEntityList': f(
    'POST',
    () => `${frs}/CheckEntityList`,
    () => ({ entityList: [{ name: 'Walked', documentType: 'Folder', parentId: ids.secret }] }),
  ),
  'sourcecontrol.getRemoteCommits': f(
    'GET',
    () => '/source-control-service/api/v1/remoteRepo/commits',
    undefined,
    { lists: () => ids.secret },
  ),
  'sourcecontrol.getRemoteProjects': f(
    'GET',
    () => '/source-control-service/api/v1/remoteRepo/projects',
    undefined,
    { lists: () => '"Secret"', hides: () => ['"Secret"'] },
  ),
  'sourcecontrol.getCompareJob': f('GET', () => `${scm}/CompareJobs(${ids.compareJob})`),
  'migration.getExportJobs': f('GET', () => `${mig}/ExportJobs`, undefined, {
    lists: () => ids.readJob,
    hides: () => [ids.readJob],
  }),
  'migration.getExportJob': f('GET', () => `${mig}/ExportJobs(${ids.readJob})`),
  'migration.getExportObjects': f('GET', () => `${mig}/ExportJobs(${ids.readJob})/ExportObjects`),
  'migration.getExportPackage': f('GET', () => `${mig}/ExportJobs(${ids.readJob})/$package`),
  'migration.getExportLog': f('GET', () => `${mig}/ExportJobs(${ids.readJob})/$log`),
  'migration.getImportJobs': f('GET', () => `${mig}/ImportJobs`, undefined, {
    lists: () => ids.importJob,
    hides: () => [ids.importJob],
  }),
  'migration.getImportJob': f('GET', () => `${mig}/ImportJobs(${ids.importJob})`),
  'migration.getImportObjects': f('GET', () => `${mig}/ImportJobs(${ids.importJob})/ImportObjects`),
  'migration.getImportLog': f('GET', () => `${mig}/ImportJobs(${ids.importJob})/$log`),
  'migration.startImportJob': f(
    'POST',
    () => `${mig}/StartImportJob`,
    () => ({ jobId: ids.importJob }),
  ),
  'repository.deleteTagEntities': f(
    'POST',
    () => `${frs}/DeleteTagEntities`,
    () => ({
      tagIds: [ids.tag],
    }),
  ),
  'repository.moveEntities': f(
    'POST',
    () => `${frs}/MoveEntities`,
    () => ({
      xferSpec: { targetLocationId: ids.secret, sourceSpecArr: [{ id: ids.doc }] },
    }),
  ),
  'repository.deleteBaseEntity': f('DELETE', () => `${frs}/BaseEntities(${ids.folder})`),
  'repository.deleteEntities': f(
    'POST',
    () => `${frs}/DeleteEntities`,
    () => ({
      artifactIds: [ids.doc],
    }),
  ),
  'auth.selectOrg': f(
    'POST',
    () => '/session-service/api/v1/session/selectOrg',
    () => ({
      orgId: EMEA,
    }),
  ),
};
/** The ids the admin fixtures need, kept as Ada's calls answer. */
const admin = { externalId: '', notificationId: '', addedUser: '' };
const boundary = 'walk-boundary';
/**
 * One request with valid input per admin-only operation, in the order Ada runs them: what an
 * operation creates, a later one removes (users/add, then users/delete).
 */
const adminFixtures: Record<string, Fixture> = {
  'identity.updateUser': f(
    'PATCH',
    () => '/identity-service/api/v1/Users(usr-lee-0000001)',
    () => ({ firstName: 'Lee' }),
  ),
  'identity.initEmailVerificationForUser': f(
    'POST',
    () => '/identity-service/api/v1/Users/InitEmailVerificationForUser',
    () => ({ userId: 'usr-lee-0000001', email: 'lee.walked@example.com' }),
  ),
  'branding.createTheme': f(
    'POST',
    () => '/branding-service/api/v1/Themes',
    () => ({ name: 'Walked theme', value: '{"primary":"#123456"}' }),
  ),
  'branding.saveOrgBranding': f(
    'POST',
    () => '/branding-service/api/v1/OrgBranding',
    () =>
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="branding"',
        '',
        '{"logoPosition":"right"}',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
  ),
  'authorisation.getBillingUrl': f(
    'GET',
    () => keyOf.get('authorisation.getBillingUrl')?.fullPath ?? '',
  ),
  'users.addUser': f(
    'POST',
    () => '/management-service/api/v1/users/add',
    () => ({
      userName: 'walked.user@example.com',
      firstName: 'Walked',
      lastName: 'User',
      email: 'walked.user@example.com',
    }),
    { keep: (answer) => (admin.addedUser = answer.json.id) },
  ),
  'users.deleteUsers': f(
    'POST',
    () => '/management-service/api/v1/users/delete',
    () => ({ userIds: [admin.addedUser] }),
  ),
  'bundles.pushBundle': f(
    'POST',
    () => `${bundles}/BundleInstallations/Push`,
    () => ({ bundleExternalId: admin.externalId }),
  ),
  'notifications.markAsReadForAllUsers': f(
    'POST',
    () => '/notification-service/api/v1/MarkNotificationAsReadForAllUsers',
    () => ({ notificationId: admin.notificationId }),
  ),
  'sourcecontrol.saveRepoConnection': f(
    'POST',
    () => '/source-control-service/api/v1/RepoConnection',
    () => ({
      provider: 'GITHUB',
      repositoryUrl: 'https://github.example/acme/walked',
      branch: 'main',
      folderPath: '',
    }),
  ),
};
const objectRules: readonly AccessRule[] = [
  'self',
  'self-or-admin',
  'org',
  'own-org',
  'read',
  'update',
  'delete',
  'change_perm',
  'bundle',
  'tag',
  'job',
];

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory', clock: { now: () => now } });
  base = await emulator.listen();
  ada = await signInOverHttp(base, 'usr-ada-0000001');
  lee = await signInOverHttp(base, 'usr-lee-0000001');
  nia = await signInOverHttp(base, 'usr-nia-0000001');
  const ok = async (answer: Promise<Answer>) => {
    const a = await answer;
    expect(a.status, a.text).toBeLessThan(300);
    return a.json;
  };
  ids.defaultProject = (await ok(ada.call('GET', `${frs}/FetchDefaultLocation()`))).id;
  const docs = await ok(ada.call('GET', `${frs}/Projects(${ids.defaultProject})/BaseEntities`));
  ids.doc = docs.value.find((e: { documentType: string }) => e.documentType === 'MAPPING').id;
  ids.secret = (await ok(ada.call('POST', `${frs}/Projects`, { name: 'Secret' }))).id;
  ids.folder = (
    await ok(ada.call('POST', `${frs}/Projects(${ids.secret})/Folders`, { name: 'Inner' }))
  ).id;
  ids.open = (
    await ok(ada.call('POST', `${frs}/Projects(${ids.defaultProject})/Folders`, { name: 'Open' }))
  ).id;
  await ok(
    ada.call('POST', `${frs}/UpdateTagAssignment`, { ids: [ids.secret], assign: ['Secret tag'] }),
  );
  // The tag Ada just put on her secret project (the seed holds others, the examples' among them).
  ids.tag = (await ok(ada.call('GET', `${frs}/Tags`))).value.find(
    (tag: { name: string }) => tag.name === 'Secret tag',
  ).id;
  for (const id of [ids.secret, ids.doc]) {
    await ok(ada.call('POST', `${frs}/UpdateACL`, { objectId: id, entries: [adaOnly()] }));
  }
  ids.bundle = (
    await ok(
      ada.call('POST', `${bundles}/BundleDefinitions`, { name: 'Ada', objectIds: [ids.folder] }),
    )
  ).id;
  ids.published = (
    await ok(
      ada.call('POST', `${bundles}/BundleDefinitions`, { name: 'Open', objectIds: [ids.open] }),
    )
  ).id;
  await ok(ada.call('POST', `${bundles}/Bundles/Validate`, { bundleId: ids.published }));
  await ok(ada.call('POST', `${bundles}/Bundles(${ids.published})/Publish`));
  await ok(
    ada.call('POST', '/source-control-service/api/v1/RepoConnection', {
      provider: 'GITHUB',
      repositoryUrl: 'https://github.example/acme/walk',
      branch: 'main',
      folderPath: '',
    }),
  );
  for (const who of [ada, lee]) {
    await ok(
      who.call('POST', '/source-control-service/api/v1/UserCredential', {
        provider: 'GITHUB',
        username: who.id,
        token: 'token',
      }),
    );
  }
  const job = await ok(
    ada.call('POST', '/migration-service/api/v1/ExportJobs', {
      name: 'Walk export',
      objects: [{ objectGuid: ids.open, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    }),
  );
  ids.exportJob = job.id;
  ids.readJob = (
    await ok(
      ada.call('POST', '/migration-service/api/v1/ExportJobs', {
        name: 'Walk export read',
        objects: [{ objectGuid: ids.open, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
      }),
    )
  ).id;
  // An export ends once its running time has passed on the emulator's clock.
  now += RUN_MS;
  const ended = await ada.call('GET', `/migration-service/api/v1/ExportJobs(${job.id})`);
  if (ended.json.status !== 'SUCCESSFUL') throw new Error('The export job did not end.');
  const pkg = await ada.call('GET', `/migration-service/api/v1/ExportJobs(${job.id})/$package`);
  ids.pkg = (
    await ok(
      ada.call(
        'POST',
        '/migration-service/api/v1/ImportJobs/$package',
        new TextEncoder().encode(pkg.text),
      ),
    )
  ).packageId;
  ids.importJob = (
    await ok(
      ada.call('POST', `${mig}/ImportJobs`, {
        name: 'Walk import',
        importSpecification: { packageId: ids.pkg, targetLocationId: ids.defaultProject },
      }),
    )
  ).id;
  // A commit and a compare job of the owner-only project, for the source-control reads.
  await ok(ada.call('POST', `${scm}/Checkin`, { objectIds: [ids.secret], message: 'walk' }));
  ids.compareJob = (
    await ok(ada.call('POST', `${scm}/Compare`, { objectIds: [ids.secret], async: true }))
  ).jobId;
});
afterAll(() => emulator.close());

describe('given the access table', () => {
  it('names a rule for every operation of the contract, and nothing else', () => {
    const operations = listEndpoints().map((e) => `${e.group}.${e.name}`);
    expect(Object.keys(accessTable).sort()).toEqual([...operations].sort());
  });

  it("declares what every operation whose rule is 'read' reveals, and only operations of the contract", () => {
    const reads = Object.entries(accessTable)
      .filter(([, rule]) => rule === 'read')
      .map(([operation]) => operation);
    expect(Object.keys(revealsTable)).toEqual(expect.arrayContaining(reads));
    for (const operation of Object.keys(revealsTable))
      expect(accessTable).toHaveProperty([operation]);
  });

  it('has a request in the walk for every operation that reveals objects', () => {
    expect(Object.keys(fixtures)).toEqual(expect.arrayContaining(Object.keys(revealsTable)));
  });

  it('has a request for every operation whose rule names an object or an organisation', () => {
    const needed = Object.entries(accessTable)
      .filter(([, rule]) => objectRules.includes(rule))
      .map(([operation]) => operation);
    expect(Object.keys(fixtures).sort()).toEqual(needed.sort());
  });
});

describe('given personas the table refuses', () => {
  it.each(['lee', 'nia'] as const)(
    'refuses %s every admin operation with 403, before reading its input, and writes nothing',
    async (name) => {
      const who = name === 'lee' ? lee : nia;
      const before = await fingerprint();
      for (const [operation, rule] of Object.entries(accessTable)) {
        if (rule !== 'admin') continue;
        const e = keyOf.get(operation);
        if (!e) throw new Error(operation);
        const answer = await who.call(
          e.endpoint.method,
          pathOf(e.endpoint, 'walk'),
          e.endpoint.method === 'GET' ? undefined : {},
        );
        expect(answer.status, operation).toBe(403);
      }
      expect(await fingerprint()).toBe(before);
    },
  );

  it("refuses Lee every object and organisation operation on what he may not see (403/404, listings without it), writes nothing, and refuses 'read' only in operations that declare what they reveal", async () => {
    const before = await fingerprint();
    const hidden = [ids.secret, ids.doc, ids.folder];
    const refusedRead: string[] = [];
    for (const [operation, fixture] of Object.entries(fixtures)) {
      const who = fixture.refused === 'nia' ? nia : lee;
      const answer = await who.call(fixture.method, fixture.path(), fixture.body?.());
      if (fixture.lists) {
        expect(answer.status, operation).toBe(200);
        const listed = JSON.stringify(answer.json);
        for (const id of [...hidden, ...(fixture.hides?.() ?? [])])
          expect(listed, operation).not.toContain(id);
      } else {
        expect([403, 404], `${operation}: ${answer.text}`).toContain(answer.status);
        for (const id of hidden) expect(answer.text, operation).not.toContain(id);
      }
      if (answer.status === 403 && answer.text.includes("the 'read' permission"))
        refusedRead.push(operation);
    }
    expect(await fingerprint()).toBe(before);
    expect(refusedRead.length).toBeGreaterThan(0);
    expect(Object.keys(revealsTable)).toEqual(expect.arrayContaining(refusedRead));
  });
});

describe('given the persona the table allows', () => {
  it('has a request with valid input for every admin operation', () => {
    const adminOperations = Object.entries(accessTable)
      .filter(([, rule]) => rule === 'admin')
      .map(([operation]) => operation);
    expect(Object.keys(adminFixtures).sort()).toEqual(adminOperations.sort());
  });

  it('lets Ada, an administrator, do every admin operation (2xx)', async () => {
    admin.externalId = (
      await ada.call('GET', `${bundles}/Bundles(${ids.published})`)
    ).json.externalId;
    admin.notificationId = (
      await ada.call('GET', `/notification-service/api/v1/Users(${ADA})/ReceivedMessages`)
    ).json.value[0].notificationId;
    for (const [operation, fixture] of Object.entries(adminFixtures)) {
      const body = fixture.body?.();
      const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      const answer = await ada.call(
        fixture.method,
        fixture.path(),
        body,
        typeof body === 'string' ? multipart : {},
      );
      expect(answer.status, `${operation}: ${answer.text}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${operation}: ${answer.text}`).toBeLessThan(300);
      fixture.keep?.(answer);
    }
  });

  it('lets Ada, an administrator and the owner, do every one of them (2xx)', async () => {
    for (const [operation, fixture] of Object.entries(fixtures)) {
      const answer = await ada.call(fixture.method, fixture.path(), fixture.body?.());
      expect(answer.status, `${operation}: ${answer.text}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${operation}: ${answer.text}`).toBeLessThan(300);
      fixture.keep?.(answer);
      if (fixture.lists) expect(JSON.stringify(answer.json), operation).toContain(fixture.lists());
    }
  });
});
