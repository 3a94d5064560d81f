import { catalogue } from './catalogue.ts';
import { organisations, personas } from './personas.ts';
import { defineSeed, type Seed } from './seedFormat.ts';

// The built-in seed: the emulator's own organisations, catalogue, roles, groups and four
// personas, in the seed format every team's file uses, checked and written by the same code
// (decision 1130). Its rows are those seeded before seeds were files.

const [acme, emea] = organisations;
const memberPrivileges = ['view_products', 'edit_own_preferences'];

/** Profile details of the built-in personas. */
const profiles: Readonly<Record<string, { timeZone: string; title: string; roles: string[] }>> = {
  'usr-ada-0000001': {
    timeZone: 'Europe/London',
    title: 'Platform administrator',
    roles: ['rol-acme-admin1'],
  },
  'usr-lee-0000001': {
    timeZone: 'America/New_York',
    title: 'Data engineer',
    roles: ['rol-acme-member'],
  },
  'usr-nia-0000001': { timeZone: 'Europe/Berlin', title: 'Analyst', roles: ['rol-emea-viewer'] },
  'usr-tia-0000001': {
    timeZone: 'Europe/Madrid',
    title: 'Data steward',
    roles: ['rol-emea-member'],
  },
};

const licensed = catalogue.flatMap((g) => g.products).filter((p) => p.needLicense);

/** The built-in seed (the first of every emulator's seeds). */
export const builtInSeed: Seed = defineSeed({
  organisations: [
    {
      id: acme.id,
      name: acme.name,
      licences: [
        ...licensed.map((p) => ({ id: p.uniqueName, state: 'active' as const })),
        { id: 'connector.sap', name: 'SAP Connector', state: 'expired' },
        { id: 'advanced.scheduler', name: 'Advanced Scheduler', state: 'gracePeriod' },
      ],
    },
    {
      id: emea.id,
      name: emea.name,
      parent: emea.parentId,
      licences: [
        { id: 'cdi', state: 'active' },
        { id: 'cdq', state: 'active' },
        { id: 'oi', state: 'active' },
        { id: 'c360', state: 'gracePeriod' },
        { id: 'cmi', state: 'expired' },
      ],
    },
  ],
  roles: [
    {
      id: 'rol-acme-admin1',
      organisation: acme.id,
      name: 'Administrator',
      description: 'Manages users, licences and branding.',
      privileges: [...memberPrivileges, 'admin', 'manage_users', 'changeperm_alltypes'],
    },
    {
      id: 'rol-acme-member',
      organisation: acme.id,
      name: 'Member',
      description: 'Uses the services the organisation licenses.',
      privileges: memberPrivileges,
    },
    {
      id: 'rol-emea-member',
      organisation: emea.id,
      name: 'Member',
      description: 'Uses the services the organisation licenses.',
      privileges: memberPrivileges,
    },
    {
      id: 'rol-emea-viewer',
      organisation: emea.id,
      name: 'Viewer',
      description: 'Sees the catalogue only.',
      privileges: ['view_products'],
    },
  ],
  groups: [
    {
      id: 'grp-acme-engnrs',
      organisation: acme.id,
      name: 'Data Engineers',
      description: 'Build and run the pipelines.',
      members: ['usr-ada-0000001', 'usr-lee-0000001'],
    },
    {
      id: 'grp-acme-admins',
      organisation: acme.id,
      name: 'Administrators',
      description: 'Run the organisation.',
      members: ['usr-ada-0000001'],
    },
    {
      id: 'grp-emea-analys',
      organisation: emea.id,
      name: 'Analysts',
      description: 'Explore and report.',
      members: ['usr-nia-0000001', 'usr-tia-0000001'],
    },
  ],
  productGroups: catalogue.map((g) => ({ uniqueName: g.uniqueName, label: g.label })),
  products: catalogue.flatMap((g) =>
    g.products.map((p) => ({
      uniqueName: p.uniqueName,
      group: g.uniqueName,
      label: p.label,
      description: p.description,
      needLicense: p.needLicense,
      openInNewWindow: p.openInNewWindow,
    })),
  ),
  personas: personas.map((p) => ({
    id: p.id,
    userName: p.userName,
    displayName: p.displayName,
    organisation: p.orgId,
    ...profiles[p.id],
    products:
      p.products === 'all'
        ? 'all'
        : Object.entries(p.products)
            .filter(([, access]) => access.trialDaysLeft === undefined)
            .map(([name]) => name),
    trials:
      p.products === 'all'
        ? []
        : Object.entries(p.products).flatMap(([product, { trialDaysLeft }]) =>
            trialDaysLeft === undefined ? [] : [{ product, daysLeft: trialDaysLeft }],
          ),
    licences: p.licences === 'all' ? 'all' : [...p.licences],
  })),
});
