import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSeed, SeedError, type SeedSource } from '../seed/seedFiles.ts';
import { defineSeed, type Seed } from '../seed/seedFormat.ts';

/**
 * A team's seed as docs/your-own-data.md writes it: its organisation with a sub-organisation,
 * its product, and three people (a sub-organisation admin, a trial with 3 days left, one locked
 * out of the product for a missing licence); Sam opens the product by default and
 * owns a project with a folder holding a tagged document; Tom has two messages.
 */
/** The team's product, needing a licence. */
export const orders = {
  uniqueName: 'orders',
  group: 'team.group',
  label: 'Order Desk',
  description: 'Take and track customer orders.',
  iconUrl: 'https://cdn.example.com/orders.svg',
  learnMorePageUrl: 'https://docs.example.com/orders',
  translations: {
    de: { label: 'Auftragspult', description: 'Kundenaufträge annehmen und verfolgen.' },
    zh_CN: { label: '订单台', description: '接收并跟踪客户订单。' },
  },
};

/** The sub-organisation's administrator. */
export const sam = {
  id: 'usr-sam-0000001',
  userName: 'sam.suborg@team.example',
  displayName: 'Sam Suborg',
  organisation: 'org-team-sub001',
  roles: ['rol-team-admin1'],
  products: ['orders'],
  licences: ['orders'],
  defaultService: 'orders',
  preferences: [{ fullyQualifiedName: 'team.orders.view', value: 'compact' }],
};

/** On trial, 3 days left. */
const tom = {
  id: 'usr-tom-0000001',
  userName: 'tom.trial@team.example',
  displayName: 'Tom Trial',
  organisation: 'org-team-000001',
  roles: ['rol-team-member'],
  trials: [{ product: 'orders', daysLeft: 3 }],
  licences: ['orders'],
};

/** May open the product but holds no licence for it: locked. */
export const lou = {
  id: 'usr-lou-0000001',
  userName: 'lou.locked@team.example',
  displayName: 'Lou Locked',
  organisation: 'org-team-000001',
  roles: ['rol-team-member'],
  products: ['orders'],
};

export const teamSeed = defineSeed({
  organisations: [
    { id: 'org-team-000001', name: 'Team Corp', licences: [{ id: 'orders', state: 'active' }] },
    { id: 'org-team-sub001', name: 'Team Labs', parent: 'org-team-000001' },
  ],
  roles: [
    {
      id: 'rol-team-admin1',
      organisation: 'org-team-sub001',
      name: 'Administrator',
      privileges: ['view_products', 'edit_own_preferences', 'admin', 'manage_users'],
    },
    {
      id: 'rol-team-member',
      organisation: 'org-team-000001',
      name: 'Member',
      privileges: ['view_products', 'edit_own_preferences'],
    },
  ],
  productGroups: [
    {
      uniqueName: 'team.group',
      label: 'Team Apps',
      translations: { fr: { label: "Applis d'équipe" } },
    },
  ],
  products: [orders],
  personas: [sam, tom, lou],
  projects: [{ id: 'prj-orders-00001', name: 'Orders', owner: 'usr-sam-0000001' }],
  folders: [{ id: 'fld-orders-00001', name: 'Imports', project: 'prj-orders-00001' }],
  documents: [
    {
      id: 'doc-orders-00001',
      name: 'Load orders',
      parent: 'fld-orders-00001',
      documentType: 'MAPPING',
      nativeData: { source: 'orders.csv' },
      tags: ['nightly', 'orders'],
    },
  ],
  notifications: [
    {
      id: 'msg-trial-000001',
      persona: 'usr-tom-0000001',
      category: 'system',
      title: 'Your trial ends soon',
      body: '3 days left on Order Desk.',
      priority: 'HIGH',
      minutesAgo: 5,
    },
    {
      id: 'msg-import-00001',
      persona: 'usr-tom-0000001',
      category: 'jobs',
      title: 'Import finished',
      body: '120 orders imported.',
      read: true,
      minutesAgo: 60,
    },
  ],
});

/** Writes seeds (objects, or text as it is) as files in a new temp directory; returns their paths. */
export function seedFiles(...seeds: (Seed | string)[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ics-seed-'));
  return seeds.map((seed, i) => {
    const file = join(dir, `seed-${i + 1}.json`);
    writeFileSync(file, typeof seed === 'string' ? seed : JSON.stringify(seed, null, 2));
    return file;
  });
}

/** The problems `resolveSeed` reports for these sources (none: an empty list). */
export const problemsOf = (...sources: SeedSource[]): string[] => {
  try {
    resolveSeed(sources);
    return [];
  } catch (error) {
    if (error instanceof SeedError) return [...error.problems];
    throw error;
  }
};
