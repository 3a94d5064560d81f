/**
 * The examples and links of the OpenAPI document (decision 1042). Every parameter and request
 * body gets an example that its schema accepts: the value named here for the operation, else
 * the value of its name in the emulator's seed (Ada Admin's ids, her organisation's groups,
 * roles and themes), else one built from the schema. An id the seed does not fix (a project,
 * a job, a message) is what an earlier operation answers: the links say which, so a tool (and
 * the test that drives every operation) can walk from the operation that creates or lists the
 * object to those that read, change and delete it.
 */
import { STORABLE_TEXT_PATTERN } from './primitives.ts';

type Json = Readonly<Record<string, unknown>>;

/** The inputs of one operation's example. */
export interface OperationExample {
  readonly params?: Json;
  readonly query?: Json;
  readonly body?: unknown;
}

/** Values of the seed, by the name of the parameter or property that takes them. */
const seeded: Json = {
  orgId: 'org-acme-000001',
  userId: 'usr-ada-0000001',
  groupId: 'grp-acme-engnrs',
  roleId: 'rol-acme-member',
  themeId: 'thm-dark0000001',
  clientId: 'cdlg_app',
  client_id: 'cdlg_app',
  nonce: 'n-0001',
  productName: 'cdi',
  locale: 'de',
  email: 'ada.admin@acme.example',
  timeZone: 'Europe/Berlin',
  fullyQualifiedName: 'ics.switcher.defaultService',
  value: 'cdi',
  documentType: 'MAPPING',
  provider: 'GITHUB',
  redirectUri: 'https://app.example/oauth/callback',
  repositoryUrl: 'https://github.com/acme/pipelines',
  branch: 'main',
  folderPath: 'pipelines',
  username: 'ada-acme',
  token: 'ghp-example-token',
  commitHash: '0a1b2c3d4e5f',
  message: 'Nightly load',
  meter: 'compute.hours',
  service: 'cdi',
  quantity: 2,
  from: '2026-01',
  to: '2026-12',
  startTime: '2026-06-01T09:00:00Z',
  endTime: '2026-12-31T09:00:00Z',
  interval: 'DAILY',
  status: 'READ',
  digest: 'DAILY',
};

/**
 * A placeholder of an id that an earlier operation answers (see the links): the platform's ids
 * are 15 characters, and this one names nothing, so a request that keeps it gets 404.
 */
const created = (kind: string) => `${kind}-000000000000`.slice(0, 15);
const project = created('prj');
const folder = created('fld');
/** Lee Locked may read: an ACL entry. */
const leeReads = [{ principalType: 'USER', principalId: 'usr-lee-0000001', permissions: ['read'] }];
const job = created('job');

/** What the seed and the schema do not say, by operation. */
export const operationExamples: Readonly<Record<string, OperationExample>> = {
  'shell.getProductRegistry': { params: { id: 'cdi' } },
  'auth.getProductContribution': { params: { id: 'demo-host' } },
  'auth.selectOrg': { body: { orgId: 'org-acme-000001' } },
  'shell.getTrialUrlIfEnabled': { query: { productName: 'cdq' } },
  'preferences.updateUserPreference': {
    params: { userId: 'usr-ada-0000001', key: 'ics.switcher.defaultService' },
  },
  'preferences.deleteUserPreference': {
    params: { userId: 'usr-ada-0000001', key: 'ics.switcher.defaultService' },
  },
  'preferences.updateOrgPreference': {
    params: { orgId: 'org-acme-000001', key: 'ics.switcher.defaultService' },
  },
  'preferences.deleteOrgPreference': {
    params: { orgId: 'org-acme-000001', key: 'ics.switcher.defaultService' },
  },
  'identity.updateUserProfile': { body: { title: 'Head of data' } },
  'identity.updateUser': { body: { displayName: 'Lee L.' }, params: { userId: 'usr-lee-0000001' } },
  'identity.initEmailVerification': {
    query: { triggerOnly: false },
    body: { email: 'ada.admin@acme.example' },
  },
  'identity.initEmailVerificationForUser': {
    body: { email: 'sam.sample@acme.example', userId: created('usr') },
  },
  'users.addUser': {
    body: {
      userName: 'sam.sample@acme.example',
      firstName: 'Sam',
      lastName: 'Sample',
      email: 'sam.sample@acme.example',
    },
  },
  'users.deleteUsers': { body: { userIds: [created('usr')] } },
  'branding.createTheme': { body: { name: 'Ocean', value: '{"primary":"#0a6"}' } },
  'branding.saveOrgBranding': { body: { branding: '{"logoPosition":"center"}' } },
  'metering.recordUsage': {
    body: {
      service: 'cdi',
      meter: 'compute.hours',
      quantity: 2,
      occurredAt: '2026-03-01T09:00:00Z',
    },
  },
  'repository.createProject': { body: { name: 'Quarterly sales', description: 'Sales loads' } },
  'repository.createFolder': { params: { id: project }, body: { name: 'Loads' } },
  'repository.updateProject': {
    params: { id: project },
    body: { description: 'Sales loads, daily' },
  },
  'repository.updateFolder': { params: { id: folder }, body: { name: 'Daily loads' } },
  'repository.updateDocument': {
    params: { id: created('doc') },
    body: { description: 'Loads the orders' },
  },
  'repository.updateTag': { params: { id: created('tag') }, body: { description: 'Finance' } },
  'repository.copyProjects': { body: { xferSpec: { sourceSpecArr: [{ id: project }] } } },
  'repository.copyEntities': {
    body: { xferSpec: { targetLocationId: project, sourceSpecArr: [{ id: created('doc') }] } },
  },
  'repository.moveEntities': {
    body: { xferSpec: { targetLocationId: project, sourceSpecArr: [{ id: created('doc') }] } },
  },
  'repository.deleteEntities': { body: { artifactIds: [project] } },
  'repository.checkEntityList': {
    body: { entityList: [{ name: 'Quarterly sales', documentType: 'Project' }] },
  },
  'repository.updateEntityAccess': {
    body: {
      ids: [project],
      entries: leeReads,
    },
  },
  'repository.updateAcl': {
    body: {
      objectId: project,
      entries: leeReads,
    },
  },
  'repository.getEffPrivilegeForDoctypeContainer': {
    body: { containerId: project, documentType: 'MAPPING' },
  },
  'repository.updateTagAssignment': { body: { ids: [project], assign: ['Finance'] } },
  'repository.deleteTagEntities': { body: { tagIds: [created('tag')] } },
  'repository.updateMeteringTagAssignment': { body: { ids: [project], meteringTagName: 'Sales' } },
  'repository.getAcl': { query: { id: project } },
  'repository.getPermission': { query: { id: project } },
  'bundles.createBundleDefinition': {
    body: { name: 'Sales pack', description: 'Sales loads', objectIds: [folder] },
  },
  'bundles.updateBundleDefinition': {
    params: { id: created('bnd') },
    body: { name: 'Sales pack 2', objectIds: [folder] },
  },
  'bundles.validateBundle': { body: { bundleId: created('bnd') } },
  'bundles.copyBundle': { params: { id: created('bnd') }, body: { locationFrsId: project } },
  'bundles.pushBundle': { body: { bundleExternalId: created('bnd') } },
  'migration.createExportJob': {
    body: {
      name: 'Sales export',
      objects: [{ objectGuid: project, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    },
  },
  'migration.updateExportJob': {
    params: { id: job },
    body: {
      name: 'Sales export 2',
      objects: [{ objectGuid: project, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    },
  },
  'migration.createImportJob': {
    body: { name: 'Sales import', importSpecification: { packageId: created('pkg') } },
  },
  'migration.startImportJob': { body: { jobId: job } },
  // The bytes of a package as `getExportPackage` answers them (the link from an export).
  'migration.uploadImportPackage': {
    body: '{"format":"ics-package/1","checksum":"…","objects":[…]}',
  },
  'notifications.markAsReadForAllUsers': { body: { notificationId: 'ntf-maintenance1' } },
  'notifications.markBulkAsRead': { body: { ids: [created('msg')] } },
  'notifications.markMessage': { params: { id: created('msg') } },
  'notifications.respondToAction': { params: { id: created('msg'), actionId: 'ack' }, body: {} },
  'notifications.updateActionStatus': {
    body: { messageId: created('msg'), actionId: 'ack', status: 'DONE' },
  },
  'notifications.updatePreferences': {
    body: { mutedCategories: ['jobs'], emailEnabled: true, bannerEnabled: true },
  },
  'schedules.createSchedule': {
    body: {
      name: 'Nightly load',
      startTime: '2026-06-01T02:00:00Z',
      interval: 'DAILY',
      endTime: '2026-12-31T02:00:00Z',
    },
  },
  'sourcecontrol.getRemoteCommits': { query: { objectId: project } },
  'sourcecontrol.checkin': { body: { objectIds: [project], message: 'Nightly load' } },
  'sourcecontrol.checkout': { body: { objectIds: [project] } },
  'sourcecontrol.undoCheckout': { body: { objectIds: [project] } },
  'sourcecontrol.unlink': { body: { objectIds: [project] } },
  'sourcecontrol.pull': { body: { objectIds: [project] } },
  'sourcecontrol.compare': { body: { objectIds: [project], async: true } },
  'sourcecontrol.pullByCommitHash': { body: { objectIds: [project], commitHash: '0a1b2c3d4e5f' } },
  'sourcecontrol.getCompareJob': { params: { id: job } },
  'notificationsettings.updateSettings': { body: { email: true, inApp: true, digest: 'DAILY' } },
  'token.getToken': {
    query: { client_id: 'cdlg_app', nonce: 'n-0001', access_code: 'xsrf-value' },
  },
};

/**
 * One OpenAPI link: the answer of `from` gives `to` its inputs. `parameters` and the strings of
 * `requestBody` are runtime expressions (`$response.body#/id`).
 */
export interface OperationLink {
  readonly from: string;
  readonly to: string;
  readonly parameters?: Readonly<Record<string, string>>;
  readonly requestBody?: unknown;
  readonly description: string;
}

const id = '$response.body#/id';
const first = '$response.body#/value/0/id';

/** `value` with every `placeholder` replaced by `expression`. */
const swap = (value: unknown, placeholder: string, expression: string): unknown =>
  value === placeholder
    ? expression
    : Array.isArray(value)
      ? value.map((item) => swap(item, placeholder, expression))
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, swap(v, placeholder, expression)]),
          )
        : value;

type Target = Omit<OperationLink, 'from' | 'to' | 'description'> | 'body';

/**
 * The links from `from` to each target: its parameters, or (`'body'`) the target's example body
 * with the placeholder id replaced by the expression that reads the real one.
 */
const on = (
  from: string,
  description: string,
  targets: Readonly<Record<string, Target>>,
  [placeholder, expression] = [project, id],
): OperationLink[] =>
  Object.entries(targets).map(([to, link]) => ({
    from,
    to,
    description,
    ...(link === 'body'
      ? { requestBody: swap(operationExamples[to]?.body, placeholder, expression) }
      : link),
  }));

/** Where the ids the seed does not fix come from. */
export const operationLinks: readonly OperationLink[] = [
  ...on('repository.createProject', 'The project just created.', {
    'repository.updateProject': { parameters: { id } },
    'repository.getProjectFolders': { parameters: { id } },
    'repository.createFolder': { parameters: { id } },
    'repository.getProjectBaseEntities': { parameters: { id } },
    'repository.getBaseEntity': { parameters: { id } },
    'repository.deleteBaseEntity': { parameters: { id } },
    'repository.getAcl': { parameters: { id } },
    'repository.getPermission': { parameters: { id } },
    ...Object.fromEntries(
      [
        'repository.copyProjects',
        'repository.updateEntityAccess',
        'repository.updateAcl',
        'repository.getEffPrivilegeForDoctypeContainer',
        'repository.updateTagAssignment',
        'repository.updateMeteringTagAssignment',
        'repository.deleteEntities',
        'migration.createExportJob',
        'sourcecontrol.checkin',
      ].map((to) => [to, 'body' as const]),
    ),
  }),
  ...on('repository.createFolder', 'The folder just created.', {
    'repository.updateFolder': { parameters: { id } },
    'repository.getFolderBaseEntities': { parameters: { id } },
  }),
  ...on(
    'repository.createFolder',
    'The folder just created (bundles carry folders and documents).',
    { 'bundles.createBundleDefinition': 'body' },
    [folder, id],
  ),
  ...on('repository.getProjects', "The organisation's first project (its default one).", {
    'repository.getDocuments': { parameters: { parentId: first } },
    'bundles.copyBundle': { requestBody: { locationFrsId: first } },
    // The target; the sources come with the link from getDocuments (the bodies merge).
    'repository.copyEntities': { requestBody: { xferSpec: { targetLocationId: first } } },
    'repository.moveEntities': { requestBody: { xferSpec: { targetLocationId: first } } },
  }),
  ...on('repository.getDocuments', 'The first document listed.', {
    'repository.getDocument': { parameters: { id: first } },
    'repository.updateDocument': { parameters: { id: first } },
    // The sources; the target comes with the link from getProjects (the bodies merge).
    'repository.copyEntities': { requestBody: { xferSpec: { sourceSpecArr: [{ id: first }] } } },
    'repository.moveEntities': { requestBody: { xferSpec: { sourceSpecArr: [{ id: first }] } } },
  }),
  ...on('repository.updateTagAssignment', 'The tag just assigned.', {
    'repository.updateTag': { parameters: { id: first } },
    'repository.deleteTagEntities': { requestBody: { tagIds: [first] } },
  }),
  ...on('users.addUser', 'The user just added.', {
    'identity.getUser': { parameters: { userId: id } },
    'identity.updateUser': { parameters: { userId: id } },
    'identity.getPendingVerificationForUser': { parameters: { userId: id } },
  }),
  ...on(
    'users.addUser',
    'The user just added.',
    { 'users.deleteUsers': 'body', 'identity.initEmailVerificationForUser': 'body' },
    [created('usr'), id],
  ),
  ...on('branding.createTheme', 'The theme just created.', {
    'branding.getTheme': { parameters: { themeId: id } },
  }),
  ...on('bundles.createBundleDefinition', 'The bundle just defined.', {
    'bundles.updateBundleDefinition': {
      parameters: { id },
      requestBody: { name: 'Sales pack 2', objectIds: '$response.body#/objectIds' },
    },
    'bundles.deleteBundleDefinition': { parameters: { id } },
    'bundles.getBundle': { parameters: { id, showInAnyStatus: 'true' } },
  }),
  ...on(
    'bundles.createBundleDefinition',
    'The bundle just defined.',
    {
      'bundles.validateBundle': 'body',
    },
    [created('bnd'), id],
  ),
  ...on('bundles.validateBundle', 'The bundle just validated.', {
    'bundles.publishBundle': { parameters: { id: '$response.body#/bundleId' } },
  }),
  ...on('bundles.publishBundle', 'The bundle just published.', {
    'bundles.withdrawBundle': { parameters: { id } },
    'bundles.deprecateBundle': { parameters: { id } },
    'bundles.copyBundle': { parameters: { id } },
    'bundles.pushBundle': { requestBody: { bundleExternalId: '$response.body#/externalId' } },
  }),
  ...on('bundles.pushBundle', 'The installation just made.', {
    'bundles.getBundleInstallation': { parameters: { id: first } },
  }),
  ...on('migration.createExportJob', 'The export just created.', {
    'migration.getExportJob': { parameters: { id } },
    'migration.updateExportJob': {
      parameters: { id },
      requestBody: { name: 'Sales export 2', objects: '$response.body#/objects' },
    },
    'migration.getExportObjects': { parameters: { id } },
    'migration.getExportPackage': { parameters: { id } },
    'migration.getExportLog': { parameters: { id } },
  }),
  ...on('migration.getExportPackage', "The export's package, as it was downloaded.", {
    'migration.uploadImportPackage': { requestBody: '$response.body' },
  }),
  ...on('migration.uploadImportPackage', 'The package just uploaded.', {
    'migration.createImportJob': {
      requestBody: {
        name: 'Sales import',
        importSpecification: { packageId: '$response.body#/packageId' },
      },
    },
  }),
  ...on('migration.createImportJob', 'The import just created.', {
    'migration.getImportJob': { parameters: { id } },
    'migration.getImportObjects': { parameters: { id } },
    'migration.getImportLog': { parameters: { id } },
  }),
  ...on(
    'migration.createImportJob',
    'The import just created.',
    {
      'migration.startImportJob': 'body',
    },
    [job, id],
  ),
  ...on('sourcecontrol.compare', 'The comparison just started.', {
    'sourcecontrol.getCompareJob': { parameters: { id: '$response.body#/jobId' } },
  }),
  ...on('notifications.getReceivedMessages', 'The newest message received.', {
    'notifications.markMessage': { parameters: { id: first } },
    'notifications.markBulkAsRead': { requestBody: { ids: [first] } },
    // The seed's security notice, third newest: its `ack` action is one a user takes.
    'notifications.respondToAction': {
      parameters: { id: '$response.body#/value/2/id', actionId: 'ack' },
    },
    'notifications.updateActionStatus': {
      requestBody: { messageId: '$response.body#/value/2/id', actionId: 'ack', status: 'DONE' },
    },
    'notifications.markAsReadForAllUsers': { requestBody: { notificationId: 'ntf-maintenance1' } },
  }),
  ...on('sourcecontrol.saveUserCredential', 'Your credential, once saved.', {
    'sourcecontrol.getUserCredential': {},
    'sourcecontrol.checkin': {},
  }),
  ...on('sourcecontrol.saveRepoConnection', "The organisation's connection, once saved.", {
    'sourcecontrol.getRepoConnection': {},
    'sourcecontrol.checkin': {},
  }),
  ...on('sourcecontrol.checkin', 'The objects just checked in.', {
    'sourcecontrol.getRemoteCommits': {
      parameters: { objectId: '$response.body#/objects/0/objectId' },
    },
    'sourcecontrol.checkout': {
      requestBody: { objectIds: ['$response.body#/objects/0/objectId'] },
    },
    'sourcecontrol.unlink': { requestBody: { objectIds: ['$response.body#/objects/0/objectId'] } },
    'sourcecontrol.pull': { requestBody: { objectIds: ['$response.body#/objects/0/objectId'] } },
    'sourcecontrol.pullByCommitHash': {
      requestBody: {
        objectIds: ['$response.body#/objects/0/objectId'],
        commitHash: '$response.body#/commitHash',
      },
    },
    'sourcecontrol.compare': {
      requestBody: { objectIds: ['$response.body#/objects/0/objectId'], async: true },
    },
  }),
  ...on('sourcecontrol.checkout', 'The objects just checked out.', {
    'sourcecontrol.undoCheckout': {
      requestBody: { objectIds: ['$response.body#/objects/0/objectId'] },
    },
  }),
  ...on('preferences.createUserPreference', 'The preference just created.', {
    'preferences.updateUserPreference': {
      parameters: { userId: 'usr-ada-0000001', key: '$response.body#/fullyQualifiedName' },
    },
    'preferences.deleteUserPreference': {
      parameters: { userId: 'usr-ada-0000001', key: '$response.body#/fullyQualifiedName' },
    },
  }),
  ...on('preferences.createOrgPreference', 'The preference just created.', {
    'preferences.updateOrgPreference': {
      parameters: { orgId: 'org-acme-000001', key: '$response.body#/fullyQualifiedName' },
    },
    'preferences.deleteOrgPreference': {
      parameters: { orgId: 'org-acme-000001', key: '$response.body#/fullyQualifiedName' },
    },
  }),
];

type Schema = Readonly<Record<string, unknown>>;
const plainText = (schema: Schema) =>
  schema['pattern'] === undefined || schema['pattern'] === STORABLE_TEXT_PATTERN;

/**
 * A value `schema` accepts: the seed's value of `name`, the schema's own first example, or one
 * built from its bounds (required properties only). `undefined` when none can be built (a
 * patterned string without an example): the contract's test of the examples then fails.
 */
export function exampleOf(schema: Schema, name?: string): unknown {
  if (name !== undefined && Object.hasOwn(seeded, name)) return seeded[name];
  const examples = schema['examples'];
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if ('const' in schema) return schema['const'];
  const anyOf = schema['anyOf'] as Schema[] | undefined;
  if (anyOf?.[0]) return exampleOf(anyOf[0], name);
  switch (schema['type']) {
    case 'string': {
      if (!plainText(schema) || schema['format'] === 'binary') return undefined;
      const min = (schema['minLength'] as number | undefined) ?? 1;
      return 'sample'.padEnd(min, 's').slice(0, (schema['maxLength'] as number) ?? 64);
    }
    case 'integer':
    case 'number': {
      const exclusive = schema['exclusiveMinimum'] as number | undefined;
      return (schema['minimum'] as number | undefined) ?? (exclusive ?? 0) + 1;
    }
    case 'boolean':
      return true;
    case 'array': {
      const item = exampleOf(schema['items'] as Schema);
      return Array.from({ length: (schema['minItems'] as number | undefined) ?? 1 }, () => item);
    }
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
      const required = new Set((schema['required'] ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key))
          .map(([key, property]) => [key, exampleOf(property, key)]),
      );
    }
    default:
      return undefined;
  }
}
