import type { Database } from '../db/database.ts';
import { organisations } from './personas.ts';

const [acme, emea] = organisations;

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
 * Seeds what the services of docs/decisions/0400–0402 need beyond the seed (seed.ts): the
 * built-in organisations' attributes, editions, branding and usage, themes and OAuth clients.
 * Runs once, like `seed`; a database that has the themes already is left as it is.
 */
export async function seedServices(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one new database: the second waits, then finds it seeded.
    await tx.query('select pg_advisory_xact_lock(7419001)');
    const [done] = await tx.query<{ n: number }>('select count(*)::int as n from themes');
    if (done && done.n > 0) return false;
    for (const [orgId, values] of Object.entries(attributes)) {
      for (const [name, value] of Object.entries(values)) {
        await tx.query('insert into org_attributes (org_id, name, value) values ($1, $2, $3)', [
          orgId,
          name,
          value,
        ]);
      }
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
