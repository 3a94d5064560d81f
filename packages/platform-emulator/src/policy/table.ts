import { listEndpoints, type AnyEndpoint } from '@ics/platform-contract';

/**
 * The rule of each operation. `admin`, `public` and `bearer` are applied by the router before a
 * route runs; the others by the route asking the policy (policy.ts) about the object it touches.
 * docs/access-table.md is written from these tables (`node scripts/access-table.mjs`).
 */
export const ruleMeanings = {
  public: 'no session: published configuration',
  bearer: 'a JWT bound to a live session of an active user (not the session cookie)',
  session: 'any signed-in user, on their own data or what their organisation shares',
  self: "the user's own data only",
  'self-or-admin': "the user's own record; another user's only for an administrator",
  org: 'an organisation the user may see: their own, or a sub-organisation for an administrator',
  'own-org': "the user's own organisation only (writes: its administrators)",
  admin: 'an administrator (of the organisation the operation names, where it names one)',
  read: "'read' on every object named (and all under it for copies, exports and bundles)",
  update: "'update' on every object changed (and 'update' on the target location)",
  delete: "'delete' on every object deleted",
  change_perm: "'change_perm' on every object whose ACL changes",
  bundle: "the bundle's creator or an administrator",
  tag: "'update' on every object that carries the tag",
  job: "the job's creator or an administrator (others: 404); its artefacts 'read' on what they carry, its start 'update' on the target",
} as const;

export type AccessRule = keyof typeof ruleMeanings;

/** The rules of the operations a session calls; `public` and `bearer` are the contract's credential. */
const sessionRules: Readonly<Record<string, Exclude<AccessRule, 'public' | 'bearer'>>> = {
  'session.getUser': 'session',
  'session.logout': 'session',
  'shell.getProductsWithLicenses': 'session',
  'shell.getAnalytics': 'session',
  'shell.getProductRegistry': 'session',
  'shell.getUserProductsInfo': 'session',
  'shell.getTrialUrlIfEnabled': 'session',
  'preferences.getUserPreferences': 'self',
  'preferences.createUserPreference': 'self',
  'preferences.updateUserPreference': 'self',
  'preferences.deleteUserPreference': 'self',
  'preferences.getOrgPreferences': 'own-org',
  'preferences.createOrgPreference': 'own-org',
  'preferences.updateOrgPreference': 'own-org',
  'preferences.deleteOrgPreference': 'own-org',
  'identity.getUserProfile': 'session',
  'identity.updateUserProfile': 'session',
  'identity.getCurrentUserInfo': 'session',
  'identity.getOrg': 'org',
  'identity.getOrgUsers': 'org',
  'identity.getOrgGroups': 'org',
  'identity.getOrgRoles': 'org',
  'identity.getUser': 'org',
  'identity.updateUser': 'admin',
  'identity.getGroup': 'org',
  'identity.getRole': 'org',
  'identity.getTimeZones': 'session',
  'identity.getConfigInfo': 'session',
  'identity.initEmailVerification': 'session',
  'identity.initEmailVerificationForUser': 'admin',
  'identity.getPendingVerification': 'session',
  'identity.getPendingVerificationForUser': 'self-or-admin',
  'licence.getEffectiveLicenses': 'org',
  'licence.getViews': 'org',
  'branding.getAppBranding': 'session',
  'branding.getOrgBranding': 'session',
  'branding.getOrgAndParentOrgBranding': 'session',
  'branding.getThemes': 'session',
  'branding.getTheme': 'session',
  'branding.createTheme': 'admin',
  'branding.saveOrgBranding': 'admin',
  'authorisation.getClientAttributes': 'session',
  'authorisation.getUpgradeUrl': 'session',
  'authorisation.getBillingUrl': 'admin',
  'metering.getUsage': 'session',
  'metering.getUsageSummary': 'session',
  'metering.recordUsage': 'session',
  'users.addUser': 'admin',
  'users.deleteUsers': 'admin',
  'bundles.getBundleDefinitions': 'session',
  'bundles.createBundleDefinition': 'read',
  'bundles.updateBundleDefinition': 'bundle',
  'bundles.deleteBundleDefinition': 'bundle',
  'bundles.getBundle': 'session',
  'bundles.getCreatedBundles': 'session',
  'bundles.getPublishedBundles': 'session',
  'bundles.getBundleInstallation': 'session',
  'bundles.generateBundleAccessCode': 'session',
  'bundles.validateBundle': 'bundle',
  'bundles.publishBundle': 'bundle',
  'bundles.withdrawBundle': 'bundle',
  'bundles.deprecateBundle': 'bundle',
  'bundles.copyBundle': 'update',
  'bundles.pushBundle': 'admin',
  'repository.getProjects': 'read',
  'repository.createProject': 'session',
  'repository.updateProject': 'update',
  'repository.getProjectFolders': 'read',
  'repository.createFolder': 'update',
  'repository.getProjectBaseEntities': 'read',
  'repository.updateFolder': 'update',
  'repository.getFolderBaseEntities': 'read',
  'repository.updateDocument': 'update',
  'repository.updateTag': 'tag',
  'repository.getDocuments': 'read',
  'repository.getDocument': 'read',
  'repository.getBaseEntities': 'read',
  'repository.getBaseEntity': 'read',
  'repository.deleteBaseEntity': 'delete',
  'repository.copyProjects': 'read',
  'repository.copyEntities': 'read',
  'repository.moveEntities': 'update',
  'repository.deleteEntities': 'delete',
  'repository.checkEntityList': 'read',
  'repository.updateEntityAccess': 'change_perm',
  'repository.updateAcl': 'change_perm',
  'repository.getEffPrivilegeForDoctypeContainer': 'session',
  'repository.updateTagAssignment': 'update',
  'repository.deleteTagEntities': 'tag',
  'repository.updateMeteringTagAssignment': 'update',
  'repository.getAcl': 'read',
  'repository.getPermission': 'session',
  'repository.fetchDefaultLocation': 'session',
  'repository.fetchProjectStatForRecentEntity': 'read',
  'repository.getTags': 'session',
  'repository.getMeteringTags': 'session',
  'repository.getMeteringTagNames': 'session',
  'repository.getSystemDocuments': 'session',
  'migration.getExportJobs': 'job',
  'migration.createExportJob': 'read',
  'migration.getExportJob': 'job',
  'migration.updateExportJob': 'read',
  'migration.getExportObjects': 'job',
  'migration.getExportPackage': 'job',
  'migration.getExportLog': 'job',
  'migration.getImportJobs': 'job',
  'migration.createImportJob': 'update',
  'migration.getImportJob': 'job',
  'migration.uploadImportPackage': 'session',
  'migration.startImportJob': 'job',
  'migration.getImportObjects': 'job',
  'migration.getImportLog': 'job',
  'migration.getComparableObjectTypes': 'session',
  'notifications.searchBellNotifications': 'session',
  'notifications.getCategories': 'session',
  'notifications.getPreferences': 'session',
  'notifications.updatePreferences': 'session',
  'notifications.getReceivedMessages': 'self',
  'notifications.markMessage': 'session',
  'notifications.markAllAsRead': 'session',
  'notifications.markAsReadForAllUsers': 'admin',
  'notifications.markBulkAsRead': 'session',
  'notifications.respondToAction': 'session',
  'notifications.updateActionStatus': 'session',
  'schedules.createSchedule': 'session',
  'schedules.getSchedules': 'session',
  'sourcecontrol.getUserCredential': 'session',
  'sourcecontrol.saveUserCredential': 'session',
  'sourcecontrol.getOAuthRedirect': 'session',
  'sourcecontrol.getRepoConnection': 'session',
  'sourcecontrol.saveRepoConnection': 'admin',
  'sourcecontrol.getRemoteCommits': 'read',
  'sourcecontrol.getRemoteProjects': 'read',
  'sourcecontrol.checkin': 'update',
  'sourcecontrol.checkout': 'update',
  'sourcecontrol.undoCheckout': 'update',
  'sourcecontrol.unlink': 'update',
  'sourcecontrol.pull': 'update',
  'sourcecontrol.pullByCommitHash': 'update',
  'sourcecontrol.compare': 'read',
  'sourcecontrol.getCompareJob': 'read',
  'token.getToken': 'session',
  'token.renewToken': 'session',
  'token.renewToken2': 'session',
  'auth.keepAlive': 'session',
  'auth.selectOrg': 'org',
  'auth.saasLogout': 'session',
  'auth.getProductContribution': 'session',
};

/**
 * Every operation of the contract (`group.name`) and the rule that decides it: the credential
 * kind the contract declares for a `public` or `bearer` operation, its rule above for a `session` one.
 */
export const accessTable: Readonly<Record<string, AccessRule>> = Object.fromEntries(
  listEndpoints().flatMap(({ group, name, endpoint }) => {
    const operation = `${group}.${name}`;
    const rule = endpoint.credential === 'session' ? sessionRules[operation] : endpoint.credential;
    return rule ? [[operation, rule]] : [];
  }),
);

/** What an operation shows of repository objects: their names and ids, or their content too. */
export type Reveals = 'metadata' | 'content';

/**
 * Every operation that reveals repository objects (names, ids, paths, commit messages, or their
 * content: native data, packages, diffs, copies) and what it reveals; the others reveal none.
 * Each of them asks the policy for `read` on every object it reveals, when it reveals it
 * (docs/security.md); the walk in table.test.ts checks both ways.
 */
export const revealsTable: Readonly<Record<string, Reveals>> = {
  'bundles.createBundleDefinition': 'content',
  'bundles.copyBundle': 'content',
  'repository.getProjects': 'metadata',
  'repository.getProjectFolders': 'metadata',
  'repository.getProjectBaseEntities': 'metadata',
  'repository.getFolderBaseEntities': 'metadata',
  'repository.getDocuments': 'metadata',
  'repository.getDocument': 'content',
  'repository.getBaseEntities': 'metadata',
  'repository.getBaseEntity': 'content',
  'repository.copyProjects': 'content',
  'repository.copyEntities': 'content',
  'repository.checkEntityList': 'metadata',
  'repository.getAcl': 'metadata',
  'repository.fetchProjectStatForRecentEntity': 'metadata',
  'migration.createExportJob': 'content',
  'migration.updateExportJob': 'content',
  'migration.getExportObjects': 'metadata',
  'migration.getExportPackage': 'content',
  'migration.getExportLog': 'metadata',
  'sourcecontrol.getRemoteCommits': 'metadata',
  'sourcecontrol.getRemoteProjects': 'metadata',
  'sourcecontrol.compare': 'content',
  'sourcecontrol.getCompareJob': 'content',
};

const keys = new Map<AnyEndpoint, string>(
  listEndpoints().map((e) => [e.endpoint, `${e.group}.${e.name}`]),
);

/** The operation key (`group.name`) and rule of an endpoint; throws for one the table lacks. */
export function accessRuleOf(endpoint: AnyEndpoint): { operation: string; rule: AccessRule } {
  const operation = keys.get(endpoint);
  const rule = operation === undefined ? undefined : accessTable[operation];
  if (!operation || !rule)
    throw new Error(
      `No access rule for ${endpoint.method} ${endpoint.path}; add it to policy/table.ts.`,
    );
  return { operation, rule };
}
