import {
  DEFAULT_SERVICE_PREFERENCE,
  primarySubtag,
  type PlatformLocale,
} from '@ics/platform-contract';
import { systemClock, type EmulatorClock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import { deliverSeededMessages } from '../db/notifications.ts';
import { insertPreference } from '../db/preferences.ts';
import { insertEntity } from '../db/repository/writes.ts';
import { assignTag } from '../db/tags.ts';
import { insertTranslation, type BundleKind } from '../db/translations.ts';
import { writeBundles } from './bundles.ts';
import { resolveSeed } from './seedFiles.ts';
import type { Seed } from './seedFormat.ts';

const iconPath = (name: string) => `/shell-service/assets/icons/${encodeURIComponent(name)}.svg`;

type LicenceState = 'active' | 'gracePeriod' | 'expired';
/** Day offsets from the seeding day: start, end, end of grace. States follow from the dates. */
const spans: Record<LicenceState, [number, number, number]> = {
  active: [-200, 365, 395],
  gracePeriod: [-400, -10, 20],
  expired: [-500, -90, -60],
};

/** How a seed is written. */
export interface SeedOptions {
  /** The emulator's clock, which seeded messages are dated back from; default the system clock. */
  readonly clock?: EmulatorClock;
}

/**
 * Writes a seed (`resolveSeed`'s, by default the built-in one) into a new database, in one
 * transaction: organisations, roles, groups, the catalogue, personas, their access and licences.
 * A database that already holds a seed is left as it is, so restarts keep users' changes.
 * Resolves with whether it wrote the seed.
 */
export async function seed(
  db: Database,
  data: Seed = resolveSeed(),
  { clock = systemClock }: SeedOptions = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one new database: the second waits, then finds it seeded.
    await tx.query('select pg_advisory_xact_lock(7419001)');
    const [seeded] = await tx.query<{ n: number }>('select count(*)::int as n from orgs');
    if (seeded && seeded.n > 0) return false;
    await writeOrganisations(tx, data);
    await writeCatalogue(tx, data);
    await writePersonas(tx, data);
    await writeRepository(tx, data);
    await writeNotifications(tx, data, clock);
    await writeBundles(tx, data);
    return true;
  });
}

async function writeOrganisations(tx: Queryable, data: Seed): Promise<void> {
  const organisations = data.organisations ?? [];
  // Each first as its own parent, so the order of the file does not matter.
  for (const org of organisations)
    await tx.query('insert into orgs (id, name, parent_id) values ($1, $2, $1)', [
      org.id,
      org.name,
    ]);
  for (const org of organisations)
    if (org.parent && org.parent !== org.id)
      await tx.query('update orgs set parent_id = $2 where id = $1', [org.id, org.parent]);
  for (const role of data.roles ?? [])
    await tx.query(
      'insert into roles (id, org_id, name, description, privileges) values ($1, $2, $3, $4, $5)',
      [
        role.id,
        role.organisation,
        role.name,
        role.description ?? '',
        JSON.stringify(role.privileges),
      ],
    );
  const labels = new Map((data.products ?? []).map((p) => [p.uniqueName, p.label]));
  for (const org of organisations) {
    const licences = new Map((org.licences ?? []).map((l) => [l.id, l]));
    for (const licence of licences.values()) {
      const [start, end, grace] = spans[licence.state];
      await tx.query(
        `insert into org_licences (org_id, licence_id, name, start_date, end_date, grace_end_date)
         values ($1, $2, $3, current_date + $4::int, current_date + $5::int, current_date + $6::int)`,
        [
          org.id,
          licence.id,
          licence.name ?? labels.get(licence.id) ?? licence.id,
          start,
          end,
          grace,
        ],
      );
    }
  }
}

/** Writes a product's or group's translations, one bundle language per platform locale. */
async function writeTranslations(
  tx: Queryable,
  kind: BundleKind,
  name: string,
  translations: Readonly<Record<string, { label: string; description?: string } | undefined>> = {},
): Promise<void> {
  for (const [locale, text] of Object.entries(translations))
    if (text)
      await insertTranslation(tx, {
        kind,
        name,
        language: primarySubtag(locale as PlatformLocale),
        ...text,
      });
}

async function writeCatalogue(tx: Queryable, data: Seed): Promise<void> {
  for (const [g, group] of (data.productGroups ?? []).entries()) {
    await tx.query('insert into product_groups (unique_name, label, ordinal) values ($1, $2, $3)', [
      group.uniqueName,
      group.label,
      g,
    ]);
    await writeTranslations(tx, 'groups', group.uniqueName, group.translations);
    const products = (data.products ?? []).filter((p) => p.group === group.uniqueName);
    for (const [i, product] of products.entries()) {
      // A built-in product without a hue keeps an icon address that answers 404: the seeded
      // 'image missing' case of SW-2.21.
      const name = encodeURIComponent(product.uniqueName);
      await tx.query(
        `insert into products (unique_name, group_name, label, description, icon_url, index_page_url,
           learn_more_page_url, open_in_new_window, need_license, ordinal)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          product.uniqueName,
          group.uniqueName,
          product.label,
          product.description,
          product.iconUrl ?? iconPath(product.uniqueName),
          product.indexPageUrl ?? `/apps/${name}/`,
          product.learnMorePageUrl ?? `/docs/${name}/`,
          product.openInNewWindow ?? false,
          product.needLicense ?? true,
          i,
        ],
      );
      await writeTranslations(tx, 'products', product.uniqueName, product.translations);
    }
  }
}

async function writePersonas(tx: Queryable, data: Seed): Promise<void> {
  const products = data.products ?? [];
  for (const [order, persona] of (data.personas ?? []).entries()) {
    const [first = '', ...rest] = persona.displayName.split(' ');
    await tx.query(
      `insert into users (id, org_id, user_name, display_name, email, persona_order, first_name,
         last_name, time_zone, title)
       values ($1, $2, $3, $4, $3, $5, $6, $7, $8, $9)`,
      [
        persona.id,
        persona.organisation,
        persona.userName,
        persona.displayName,
        order,
        first,
        rest.join(' '),
        persona.timeZone ?? 'UTC',
        persona.title ?? null,
      ],
    );
    const access = new Map<string, number | null>(
      (persona.products === 'all'
        ? products.map((p) => p.uniqueName)
        : (persona.products ?? [])
      ).map((name) => [name, null]),
    );
    for (const trial of persona.trials ?? []) access.set(trial.product, trial.daysLeft);
    for (const [name, daysLeft] of access)
      await tx.query(
        'insert into user_products (user_id, product_name, trial_days_left) values ($1, $2, $3)',
        [persona.id, name, daysLeft],
      );
    const licences = new Map<string, LicenceState>(
      persona.licences === 'all'
        ? products.filter((p) => p.needLicense ?? true).map((p) => [p.uniqueName, 'active'])
        : (persona.licences ?? []).map((l) =>
            typeof l === 'string' ? [l, 'active'] : [l.product, l.state],
          ),
    );
    for (const [name, state] of licences)
      await tx.query(
        'insert into user_licences (user_id, product_name, state) values ($1, $2, $3)',
        [persona.id, name, state],
      );
    const preferences = [
      ...(persona.defaultService
        ? [{ fullyQualifiedName: DEFAULT_SERVICE_PREFERENCE, value: persona.defaultService }]
        : []),
      ...(persona.preferences ?? []),
    ];
    for (const preference of preferences)
      await insertPreference(tx, { kind: 'user', id: persona.id }, preference);
    const roles = new Set(persona.roles ?? []);
    if (persona.privileges) {
      // Privileges given to the persona itself: a role of its own holds them.
      const own = `${persona.id}.own`;
      await tx.query(
        'insert into roles (id, org_id, name, description, privileges) values ($1, $2, $3, $4, $5)',
        [
          own,
          persona.organisation,
          `${persona.displayName} (own)`,
          'From the seed.',
          JSON.stringify(persona.privileges),
        ],
      );
      roles.add(own);
    }
    for (const role of roles)
      await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [
        persona.id,
        role,
      ]);
  }
  for (const group of data.groups ?? []) {
    await tx.query(
      'insert into user_groups (id, org_id, name, description) values ($1, $2, $3, $4)',
      [group.id, group.organisation, group.name, group.description ?? ''],
    );
    for (const member of new Set(group.members))
      await tx.query('insert into group_members (group_id, user_id) values ($1, $2)', [
        group.id,
        member,
      ]);
  }
}

/** Projects, their folders and documents (with their tags), owned by the project's persona. */
async function writeRepository(tx: Queryable, data: Seed): Promise<void> {
  const orgOf = new Map((data.personas ?? []).map((p) => [p.id, p.organisation]));
  const owner = new Map<string, { orgId: string; ownerId: string }>();
  for (const p of data.projects ?? []) {
    const at = { orgId: orgOf.get(p.owner) ?? '', ownerId: p.owner };
    owner.set(p.id, at);
    await insertEntity(tx, { ...at, ...p, documentType: 'Project', parentId: null });
  }
  for (const f of data.folders ?? []) {
    const at = owner.get(f.project) ?? { orgId: '', ownerId: '' };
    owner.set(f.id, at);
    await insertEntity(tx, { ...at, ...f, documentType: 'Folder', parentId: f.project });
  }
  for (const d of data.documents ?? []) {
    const at = owner.get(d.parent) ?? { orgId: '', ownerId: '' };
    await insertEntity(tx, { ...at, ...d, parentId: d.parent });
    for (const tag of new Set(d.tags ?? [])) await assignTag(tx, at.orgId, [d.id], tag);
  }
}

/** Each persona's messages, dated back from the clock's now; they replace its built-in first messages. */
async function writeNotifications(tx: Queryable, data: Seed, clock: EmulatorClock): Promise<void> {
  const now = clock.now();
  const byPersona = new Map<string, NonNullable<Seed['notifications']>>();
  for (const n of data.notifications ?? [])
    byPersona.set(n.persona, [...(byPersona.get(n.persona) ?? []), n]);
  for (const [persona, messages] of byPersona)
    await deliverSeededMessages(
      tx,
      persona,
      messages.map((n) => ({
        id: n.id,
        type: n.type ?? 'BELL_NOTIFICATION',
        priority: n.priority ?? 'NORMAL',
        categories: [n.category],
        title: n.title,
        body: n.body,
        publishTime: new Date(now - (n.minutesAgo ?? 0) * 60_000).toISOString(),
        actions: [],
        read: n.read ?? false,
      })),
    );
}
