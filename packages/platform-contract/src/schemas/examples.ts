/**
 * The examples and links of the OpenAPI document (decision 1042). Every parameter and request
 * body gets an example that its schema accepts: the value named here for the operation, else
 * the value of its name in the emulator's seed (Ada Admin's ids, her organisation's groups,
 * roles and themes), else one built from the schema. An id the seed does not fix (a project,
 * a job, a message) is what an earlier operation answers: the links say which, so a tool (and
 * the test that drives every operation) can walk from the operation that creates or lists the
 * object to those that read, change and delete it.
 */
import { exampleIds as ids, examplePackage } from './exampleObjects.ts';
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
  parentId: ids.folder,
  tag: 'Finance',
  nameContains: 'Orders',
  objectId: ids.checkedIn,
};

/**
 * The seed's example objects (decision 1162): an id the links also read from an earlier answer
 * (a project, a folder, a job) names a seeded object, so the example alone reaches a 2xx.
 */
const project: string = ids.project;
const folder: string = ids.folder;
/** Lee Locked may read: an ACL entry. */
const leeReads = [{ principalType: 'USER', principalId: 'usr-lee-0000001', permissions: ['read'] }];

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
  'identity.initEmailVerification': { body: { email: 'ada.admin@acme.example' } },
  'identity.initEmailVerificationForUser': {
    body: { email: 'una.unverified@acme.example', userId: ids.unverifiedUser },
  },
  'users.addUser': {
    body: {
      userName: 'sam.sample@acme.example',
      firstName: 'Sam',
      lastName: 'Sample',
      email: 'sam.sample@acme.example',
    },
  },
  'users.deleteUsers': { body: { userIds: [ids.userToDelete] } },
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
    params: { id: ids.document },
    body: { description: 'Loads the orders' },
  },
  'repository.updateTag': { params: { id: ids.tag }, body: { description: 'Finance' } },
  'repository.copyProjects': { body: { xferSpec: { sourceSpecArr: [{ id: project }] } } },
  'repository.copyEntities': {
    body: { xferSpec: { targetLocationId: project, sourceSpecArr: [{ id: ids.document }] } },
  },
  'repository.moveEntities': {
    body: { xferSpec: { targetLocationId: project, sourceSpecArr: [{ id: ids.documentToMove }] } },
  },
  'repository.deleteEntities': { body: { artifactIds: [ids.projectsToDelete] } },
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
  'repository.deleteTagEntities': { body: { tagIds: [ids.tagToDelete] } },
  'repository.updateMeteringTagAssignment': { body: { ids: [project], meteringTagName: 'Sales' } },
  'repository.getProjectFolders': { params: { id: project } },
  'repository.getProjectBaseEntities': { params: { id: project } },
  'repository.getFolderBaseEntities': { params: { id: folder } },
  'repository.getDocument': { params: { id: ids.document } },
  'repository.getBaseEntity': { params: { id: ids.document } },
  'repository.deleteBaseEntity': { params: { id: ids.projectToDelete } },
  'repository.getAcl': { query: { id: project } },
  'repository.getPermission': { query: { id: project } },
  'bundles.createBundleDefinition': {
    body: { name: 'Sales pack', description: 'Sales loads', objectIds: [folder] },
  },
  'bundles.updateBundleDefinition': {
    params: { id: ids.bundle },
    body: { name: 'Sales pack 2', objectIds: [folder] },
  },
  'bundles.deleteBundleDefinition': { params: { id: ids.bundleToDelete } },
  'bundles.getBundle': { params: { id: ids.publishedBundle } },
  'bundles.getBundleInstallation': { params: { id: ids.installation } },
  'bundles.validateBundle': { body: { bundleId: ids.bundle } },
  'bundles.publishBundle': { params: { id: ids.validatedBundle } },
  'bundles.withdrawBundle': { params: { id: ids.bundleToWithdraw } },
  'bundles.deprecateBundle': { params: { id: ids.bundleToDeprecate } },
  'bundles.copyBundle': { params: { id: ids.publishedBundle }, body: { locationFrsId: project } },
  'bundles.pushBundle': { body: { bundleExternalId: `ext-${ids.publishedBundle.slice(4)}` } },
  'migration.createExportJob': {
    body: {
      name: 'Sales export',
      objects: [{ objectGuid: project, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    },
  },
  'migration.getExportJob': { params: { id: ids.exportJob } },
  'migration.getExportObjects': { params: { id: ids.exportJob } },
  'migration.getExportPackage': { params: { id: ids.exportJob } },
  'migration.getExportLog': { params: { id: ids.exportJob } },
  'migration.updateExportJob': {
    params: { id: ids.exportToChange },
    body: {
      name: 'Sales export 2',
      objects: [{ objectGuid: project, inclusionScope: 'WITHOUT_DEPENDENCIES' }],
    },
  },
  'migration.createImportJob': {
    body: { name: 'Sales import', importSpecification: { packageId: ids.package } },
  },
  'migration.startImportJob': { body: { jobId: ids.importToStart } },
  'migration.getImportJob': { params: { id: ids.importJob } },
  'migration.getImportObjects': { params: { id: ids.importJob } },
  'migration.getImportLog': { params: { id: ids.importJob } },
  // The bytes of a package as `getExportPackage` answers them: the example export's.
  'migration.uploadImportPackage': { body: JSON.stringify(examplePackage) },
  'notifications.markAsReadForAllUsers': { body: { notificationId: 'ntf-maintenance1' } },
  'notifications.markBulkAsRead': { body: { ids: [ids.messageToRead] } },
  'notifications.markMessage': { params: { id: ids.message } },
  'notifications.respondToAction': {
    params: { id: ids.messageToAnswer, actionId: 'ack' },
    body: {},
  },
  'notifications.updateActionStatus': {
    body: { messageId: ids.messageWithAction, actionId: 'ack', status: 'DONE' },
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
  'sourcecontrol.checkin': { body: { objectIds: [ids.toCheckIn], message: 'Nightly load' } },
  'sourcecontrol.checkout': { body: { objectIds: [ids.toCheckOut] } },
  'sourcecontrol.undoCheckout': { body: { objectIds: [ids.checkedOut] } },
  'sourcecontrol.unlink': { body: { objectIds: [ids.toUnlink] } },
  'sourcecontrol.pull': { body: { objectIds: [ids.checkedIn] } },
  'sourcecontrol.compare': { body: { objectIds: [ids.checkedIn], async: true } },
  'sourcecontrol.pullByCommitHash': {
    body: { objectIds: [ids.checkedIn], commitHash: ids.commit },
  },
  'sourcecontrol.getCompareJob': { params: { id: ids.compareJob } },
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
  ...on('users.addUser', 'The user just added.', { 'users.deleteUsers': 'body' }, [
    ids.userToDelete,
    id,
  ]),
  ...on(
    'users.addUser',
    'The user just added.',
    { 'identity.initEmailVerificationForUser': 'body' },
    [ids.unverifiedUser, id],
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
    [ids.bundle, id],
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
    [ids.importToStart, id],
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
