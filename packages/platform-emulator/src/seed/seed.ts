import type { Database } from '../db/database.ts';
import { catalogue } from './catalogue.ts';
import { organisations, personas } from './personas.ts';

const iconPath = (name: string) => `/shell-service/assets/icons/${encodeURIComponent(name)}.svg`;

/**
 * Writes the seed data once: organisations, personas, the catalogue, access and licences.
 * A database that already holds the seed is left as it is, so restarts keep users' changes.
 */
export async function seed(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one new database: the second waits, then finds it seeded.
    await tx.query('select pg_advisory_xact_lock(7419001)');
    const [seeded] = await tx.query<{ n: number }>('select count(*)::int as n from orgs');
    if (seeded && seeded.n > 0) return false;
    for (const org of organisations) {
      await tx.query('insert into orgs (id, name, parent_id) values ($1, $2, $3)', [
        org.id,
        org.name,
        org.parentId,
      ]);
    }
    for (const [g, group] of catalogue.entries()) {
      await tx.query(
        'insert into product_groups (unique_name, label, ordinal) values ($1, $2, $3)',
        [group.uniqueName, group.label, g],
      );
      for (const [i, product] of group.products.entries()) {
        // A product without a hue keeps an icon address that answers 404: the seeded
        // 'image missing' case of SW-2.21.
        await tx.query(
          `insert into products (unique_name, group_name, label, description, icon_url, index_page_url,
             learn_more_page_url, open_in_new_window, need_license, ordinal)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            product.uniqueName,
            group.uniqueName,
            product.label,
            product.description,
            iconPath(product.uniqueName),
            `/apps/${encodeURIComponent(product.uniqueName)}/`,
            `/docs/${encodeURIComponent(product.uniqueName)}/`,
            product.openInNewWindow,
            product.needLicense,
            i,
          ],
        );
      }
    }
    const allProducts = catalogue.flatMap((g) => g.products);
    for (const [order, persona] of personas.entries()) {
      await tx.query(
        `insert into users (id, org_id, user_name, display_name, email, persona_order)
         values ($1, $2, $3, $4, $3, $5)`,
        [persona.id, persona.orgId, persona.userName, persona.displayName, order],
      );
      const access =
        persona.products === 'all'
          ? allProducts.map((p) => [p.uniqueName, {}] as const)
          : Object.entries(persona.products);
      for (const [name, { trialDaysLeft }] of access as [string, { trialDaysLeft?: number }][]) {
        await tx.query(
          'insert into user_products (user_id, product_name, trial_days_left) values ($1, $2, $3)',
          [persona.id, name, trialDaysLeft ?? null],
        );
      }
      const licences =
        persona.licences === 'all'
          ? allProducts.filter((p) => p.needLicense).map((p) => p.uniqueName)
          : persona.licences;
      for (const name of licences) {
        await tx.query(
          `insert into user_licences (user_id, product_name, state) values ($1, $2, 'active')`,
          [persona.id, name],
        );
      }
    }
    return true;
  });
}
