import type { Database } from '../db/database.ts';
import { catalogue } from './catalogue.ts';
import { organisations, personas } from './personas.ts';

const [acme, emea] = organisations;

/** Profile details of the personas that the login seed does not hold. */
const profiles: Readonly<Record<string, { timeZone: string; title: string; roleIds: string[] }>> = {
  'usr-ada-0000001': {
    timeZone: 'Europe/London',
    title: 'Platform administrator',
    roleIds: ['rol-acme-admin1'],
  },
  'usr-lee-0000001': {
    timeZone: 'America/New_York',
    title: 'Data engineer',
    roleIds: ['rol-acme-member'],
  },
  'usr-nia-0000001': { timeZone: 'Europe/Berlin', title: 'Analyst', roleIds: ['rol-emea-viewer'] },
  'usr-tia-0000001': {
    timeZone: 'Europe/Madrid',
    title: 'Data steward',
    roleIds: ['rol-emea-member'],
  },
};

const memberPrivileges = ['view_products', 'edit_own_preferences'];
const roles = [
  {
    id: 'rol-acme-admin1',
    orgId: acme.id,
    name: 'Administrator',
    description: 'Manages users, licences and branding.',
    privileges: [...memberPrivileges, 'admin', 'manage_users', 'changeperm_alltypes'],
  },
  {
    id: 'rol-acme-member',
    orgId: acme.id,
    name: 'Member',
    description: 'Uses the services the organisation licenses.',
    privileges: memberPrivileges,
  },
  {
    id: 'rol-emea-member',
    orgId: emea.id,
    name: 'Member',
    description: 'Uses the services the organisation licenses.',
    privileges: memberPrivileges,
  },
  {
    id: 'rol-emea-viewer',
    orgId: emea.id,
    name: 'Viewer',
    description: 'Sees the catalogue only.',
    privileges: ['view_products'],
  },
];

const groups = [
  {
    id: 'grp-acme-engnrs',
    orgId: acme.id,
    name: 'Data Engineers',
    description: 'Build and run the pipelines.',
    members: ['usr-ada-0000001', 'usr-lee-0000001'],
  },
  {
    id: 'grp-acme-admins',
    orgId: acme.id,
    name: 'Administrators',
    description: 'Run the organisation.',
    members: ['usr-ada-0000001'],
  },
  {
    id: 'grp-emea-analys',
    orgId: emea.id,
    name: 'Analysts',
    description: 'Explore and report.',
    members: ['usr-nia-0000001', 'usr-tia-0000001'],
  },
];

const attributes: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [acme.id]: {
    plan: 'enterprise',
    region: 'us-west-2',
    'analytics.enabled': 'true',
    'analytics.siteId': 'acme-7731',
    'authz.billingUrl': 'https://billing.example.com/accounts/org-acme-000001',
    'session.idleTimeoutSeconds': '1800',
  },
  [emea.id]: {
    plan: 'trial',
    region: 'eu-central-1',
    'analytics.enabled': 'false',
    'authz.upgradeUrl': 'https://store.example.com/upgrade?org=org-emea-000002',
  },
};

type LicenceState = 'active' | 'gracePeriod' | 'expired';
const licensed = catalogue.flatMap((g) => g.products).filter((p) => p.needLicense);
const labelOf = (id: string) => licensed.find((p) => p.uniqueName === id)?.label ?? id;
const licences: readonly { orgId: string; id: string; name?: string; state: LicenceState }[] = [
  ...licensed.map((p) => ({ orgId: acme.id, id: p.uniqueName, state: 'active' as const })),
  { orgId: acme.id, id: 'connector.sap', name: 'SAP Connector', state: 'expired' },
  { orgId: acme.id, id: 'advanced.scheduler', name: 'Advanced Scheduler', state: 'gracePeriod' },
  { orgId: emea.id, id: 'cdi', state: 'active' },
  { orgId: emea.id, id: 'cdq', state: 'active' },
  { orgId: emea.id, id: 'oi', state: 'active' },
  { orgId: emea.id, id: 'c360', state: 'gracePeriod' },
  { orgId: emea.id, id: 'cmi', state: 'expired' },
];

/** Day offsets from the seeding day: start, end, end of grace. States follow from the dates. */
const spans: Record<LicenceState, [number, number, number]> = {
  active: [-200, 365, 395],
  gracePeriod: [-400, -10, 20],
  expired: [-500, -90, -60],
};

const editions = [
  {
    id: 'edn-acme-advncd',
    orgId: acme.id,
    name: 'Advanced Edition',
    licenceIds: ['cdi', 'cmi', 'cai', 'cdq'],
  },
  {
    id: 'edn-acme-govern',
    orgId: acme.id,
    name: 'Governance Edition',
    licenceIds: ['cdgc', 'cdmp'],
  },
  {
    id: 'edn-emea-trial1',
    orgId: emea.id,
    name: 'Trial Edition',
    licenceIds: ['cdi', 'cdq', 'oi', 'c360'],
  },
];

/** The built-in theme of the platform's own branding (`getAppBranding`). */
export const DEFAULT_THEME_ID = 'thm-default0001';

/** Built-in themes (no organisation): every organisation may use them. */
const builtInThemes = [
  {
    id: DEFAULT_THEME_ID,
    name: 'Default',
    value: '{"primary":"#0b5cad","background":"#ffffff","text":"#1b1b1f"}',
  },
  {
    id: 'thm-dark0000001',
    name: 'Dark',
    value: '{"primary":"#7cb7ff","background":"#15171c","text":"#f1f2f4"}',
  },
  {
    id: 'thm-highcontrst',
    name: 'High contrast',
    value: '{"primary":"#ffff00","background":"#000000","text":"#ffffff"}',
  },
];

const usage = [
  ['cdi', 'compute.hours', '2026-08', 412.5],
  ['cdi', 'compute.hours', '2026-09', 388],
  ['cdi', 'compute.hours', '2026-10', 450.25],
  ['cdi', 'rows.processed', '2026-10', 12500000],
  ['cdq', 'compute.hours', '2026-09', 40],
  ['cdq', 'compute.hours', '2026-10', 52],
  ['cai', 'api.calls', '2026-10', 98000],
] as const;

/**
 * Seeds what the services of docs/decisions/0400–0402 need: persona profiles, roles, groups,
 * organisation attributes, licences, editions, themes, branding, OAuth clients and usage.
 * Runs once, like `seed`; a database that has the themes already is left as it is.
 */
export async function seedServices(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one new database: the second waits, then finds it seeded.
    await tx.query('select pg_advisory_xact_lock(7419001)');
    const [done] = await tx.query<{ n: number }>('select count(*)::int as n from themes');
    if (done && done.n > 0) return false;
    for (const persona of personas) {
      const profile = profiles[persona.id];
      const [first = '', ...rest] = persona.displayName.split(' ');
      await tx.query(
        `update users set first_name = $2, last_name = $3, time_zone = $4, title = $5 where id = $1`,
        [persona.id, first, rest.join(' '), profile?.timeZone ?? 'UTC', profile?.title ?? null],
      );
    }
    for (const role of roles) {
      await tx.query(
        'insert into roles (id, org_id, name, description, privileges) values ($1, $2, $3, $4, $5)',
        [role.id, role.orgId, role.name, role.description, JSON.stringify(role.privileges)],
      );
    }
    for (const [userId, profile] of Object.entries(profiles)) {
      for (const roleId of profile.roleIds) {
        await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [
          userId,
          roleId,
        ]);
      }
    }
    for (const group of groups) {
      await tx.query(
        'insert into user_groups (id, org_id, name, description) values ($1, $2, $3, $4)',
        [group.id, group.orgId, group.name, group.description],
      );
      for (const member of group.members) {
        await tx.query('insert into group_members (group_id, user_id) values ($1, $2)', [
          group.id,
          member,
        ]);
      }
    }
    for (const [orgId, values] of Object.entries(attributes)) {
      for (const [name, value] of Object.entries(values)) {
        await tx.query('insert into org_attributes (org_id, name, value) values ($1, $2, $3)', [
          orgId,
          name,
          value,
        ]);
      }
    }
    for (const licence of licences) {
      const [start, end, grace] = spans[licence.state];
      await tx.query(
        `insert into org_licences (org_id, licence_id, name, start_date, end_date, grace_end_date)
         values ($1, $2, $3, current_date + $4::int, current_date + $5::int, current_date + $6::int)`,
        [licence.orgId, licence.id, licence.name ?? labelOf(licence.id), start, end, grace],
      );
    }
    for (const edition of editions) {
      await tx.query(
        'insert into org_editions (id, org_id, name, licence_ids) values ($1, $2, $3, $4)',
        [edition.id, edition.orgId, edition.name, JSON.stringify(edition.licenceIds)],
      );
    }
    for (const theme of builtInThemes) {
      await tx.query('insert into themes (id, org_id, name, value) values ($1, null, $2, $3)', [
        theme.id,
        theme.name,
        theme.value,
      ]);
    }
    await tx.query(
      `insert into org_brandings (org_id, theme_id, logo_position, variables) values ($1, $2, 'left', $3)`,
      [acme.id, DEFAULT_THEME_ID, JSON.stringify({ headerTitle: 'Acme Data Cloud' })],
    );
    await tx.query(
      `insert into auth_clients (client_id, name, attributes) values
         ('cdlg_app', 'Intelligent Cloud Services', $1), ('service_switcher', 'Service switcher', $2)`,
      [
        JSON.stringify({ grantTypes: 'authorization_code', tokenLifetimeSeconds: '1800' }),
        JSON.stringify({ grantTypes: 'implicit', embeddable: 'true' }),
      ],
    );
    for (const [service, meter, period, quantity] of usage) {
      await tx.query(
        'insert into usage_records (org_id, service, meter, period, quantity) values ($1, $2, $3, $4, $5)',
        [acme.id, service, meter, period, quantity],
      );
    }
    return true;
  });
}
