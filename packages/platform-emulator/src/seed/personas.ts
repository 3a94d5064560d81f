/**
 * The seeded organisations and the four personas of the login page. Ids are 15 characters,
 * like the platform's (PC-9.6).
 */
export const organisations = [
  { id: 'org-acme-000001', name: 'Acme Corporation', parentId: 'org-acme-000001' },
  { id: 'org-emea-000002', name: 'Acme EMEA', parentId: 'org-acme-000001' },
] as const;

export interface Persona {
  readonly id: string;
  readonly userName: string;
  readonly displayName: string;
  readonly orgId: string;
  /** What the persona may do: the privileges of the roles it is seeded with (the emulator reads them from the roles). */
  readonly privileges: readonly string[];
  /** Products the user may open, with the days left where it is a free trial. */
  readonly products: 'all' | Readonly<Record<string, { trialDaysLeft?: number }>>;
  /** Products licensed to the user. */
  readonly licences: 'all' | readonly string[];
}

const memberPrivileges = ['view_products', 'edit_own_preferences'];

/**
 * The seeded personas the login page offers (Ada Admin, Lee Locked, Nia Newcomer, Tia Trial), with
 * their organisation, roles and licences.
 */
export const personas: readonly Persona[] = [
  {
    id: 'usr-ada-0000001',
    userName: 'ada.admin@acme.example',
    displayName: 'Ada Admin',
    orgId: 'org-acme-000001',
    privileges: [...memberPrivileges, 'admin', 'manage_users', 'changeperm_alltypes'],
    products: 'all',
    licences: 'all',
  },
  {
    // Locked for missing licence: products needing one he has none for (c360, cdgc, mask, …);
    // locked for missing permission: admin, discoveryiq.core, and apim, licensed but not granted.
    id: 'usr-lee-0000001',
    userName: 'lee.locked@acme.example',
    displayName: 'Lee Locked',
    orgId: 'org-acme-000001',
    privileges: memberPrivileges,
    products: { cdi: {}, cmi: {}, cai: {}, apip: {}, cdq: {}, dprofile: {}, oi: {}, monitor: {} },
    licences: ['cdi', 'cmi', 'cai', 'cdq', 'dprofile', 'oi', 'apim'],
  },
  {
    id: 'usr-nia-0000001',
    userName: 'nia.newcomer@emea.acme.example',
    displayName: 'Nia Newcomer',
    orgId: 'org-emea-000002',
    privileges: ['view_products'],
    products: {},
    licences: [],
  },
  {
    id: 'usr-tia-0000001',
    userName: 'tia.trial@emea.acme.example',
    displayName: 'Tia Trial',
    orgId: 'org-emea-000002',
    privileges: memberPrivileges,
    products: {
      cdi: {},
      cdq: { trialDaysLeft: 1 },
      c360: { trialDaysLeft: 12 },
      oi: {},
      monitor: {},
    },
    licences: ['cdi', 'cdq', 'c360', 'oi'],
  },
];
