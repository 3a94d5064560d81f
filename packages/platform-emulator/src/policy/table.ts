import {
  listEndpoints,
  type AccessRule as ContractAccessRule,
  type AnyEndpoint,
  takesSession,
} from '@ics/platform-contract';

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
} as const satisfies Record<ContractAccessRule | 'public' | 'bearer', string>;

export type AccessRule = keyof typeof ruleMeanings;

/**
 * Every operation of the contract (`group.name`) and the rule that decides it, both declared in
 * the contract: its credential for a `public` or `bearer` operation, its `access` for one that
 * takes the session.
 */
export const accessTable: Readonly<Record<string, AccessRule>> = Object.fromEntries(
  listEndpoints().map(({ group, name, endpoint }) => [
    `${group}.${name}`,
    takesSession(endpoint) ? endpoint.access : (endpoint.credential as 'public' | 'bearer'),
  ]),
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
    throw new Error(`${endpoint.method} ${endpoint.path} is not an operation of the contract.`);
  return { operation, rule };
}
