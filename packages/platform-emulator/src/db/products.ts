import {
  DEFAULT_SERVICE_PREFERENCE,
  type ProductRegistryGroup,
  type ProductRegistryProduct,
  type ProductsWithLicenses,
} from '@ics/platform-contract';
import type { Queryable } from './database.ts';

interface ProductRow {
  unique_name: string;
  group_name: string;
  group_label: string;
  label: string;
  description: string;
  icon_url: string | null;
  index_page_url: string;
  learn_more_page_url: string | null;
  open_in_new_window: boolean;
  need_license: boolean;
  accessible: boolean;
  trial_days_left: number | null;
  licensed: boolean;
}

/** Address rule of SW-5.3: the file is `<localeResourceUrl><lang>/translation.json`. */
const productBundlePath = (name: string) =>
  `/shell-service/i18n/products/${encodeURIComponent(name)}/`;
const groupBundlePath = (name: string) => `/shell-service/i18n/groups/${encodeURIComponent(name)}/`;

/** Whole days the emulator's clock was moved ahead of real time (the console's "advance by"). */
export type TrialDaysPassed = () => number;

/**
 * The product fetch of the switcher, for one user. A trial's days left are seeded as of real
 * time; `daysPassed` counts the days the clock was advanced since, so trials run out with it.
 */
export async function productsWithLicenses(
  db: Queryable,
  userId: string,
  daysPassed = 0,
): Promise<ProductsWithLicenses> {
  const rows = await db.query<ProductRow>(
    `select p.unique_name, p.group_name, g.label as group_label, p.label, p.description, p.icon_url,
            p.index_page_url, p.learn_more_page_url, p.open_in_new_window, p.need_license,
            up.user_id is not null as accessible, up.trial_days_left,
            ul.state = 'active' as licensed
       from products p
       join product_groups g on g.unique_name = p.group_name
       left join user_products up on up.product_name = p.unique_name and up.user_id = $1
       left join user_licences ul on ul.product_name = p.unique_name and ul.user_id = $1
      order by g.ordinal, p.ordinal`,
    [userId],
  );
  const [preferred] = await db.query<{ value: string }>(
    `select value from preferences where owner_kind = 'user' and owner_id = $1 and fully_qualified_name = $2`,
    [userId, DEFAULT_SERVICE_PREFERENCE],
  );
  const groups = (filter: (row: ProductRow) => boolean): ProductRegistryGroup[] => {
    const byGroup = new Map<string, { label: string; products: ProductRegistryProduct[] }>();
    for (const row of rows.filter(filter)) {
      const group = byGroup.get(row.group_name) ?? { label: row.group_label, products: [] };
      group.products.push(toProduct(row, daysPassed));
      byGroup.set(row.group_name, group);
    }
    return [...byGroup].map(([uniqueName, group]) => ({
      uniqueName,
      productRegistryItemType: 'productGroup',
      label: group.label,
      defaultLabel: group.label,
      localeResourceUrl: groupBundlePath(uniqueName),
      products: group.products,
    }));
  };
  return {
    licensedProducts: rows.filter((r) => r.licensed).map((r) => r.unique_name),
    ...(preferred ? { preferredProduct: { uniqueName: preferred.value } } : {}),
    userProducts: groups((r) => r.accessible),
    allProducts: groups(() => true),
  };
}

function toProduct(row: ProductRow, daysPassed: number): ProductRegistryProduct {
  return {
    uniqueName: row.unique_name,
    productRegistryItemType: 'product',
    label: row.label,
    defaultLabel: row.label,
    description: row.description,
    defaultTooltip: row.description,
    ...(row.icon_url ? { iconUrl: row.icon_url } : {}),
    indexPageUrl: row.index_page_url,
    openInNewWindow: row.open_in_new_window,
    ...(row.learn_more_page_url ? { learnMorePageUrl: row.learn_more_page_url } : {}),
    needLicense: row.need_license,
    localeResourceUrl: productBundlePath(row.unique_name),
    ...(row.trial_days_left !== null
      ? { trial: { daysLeft: Math.max(0, row.trial_days_left - daysPassed) } }
      : {}),
  };
}

/** The unique names of the catalogue's products, in the catalogue's order. */
export async function catalogueProductNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ unique_name: string }>(
    `select p.unique_name from products p join product_groups g on g.unique_name = p.group_name
      order by g.ordinal, p.ordinal`,
  );
  return rows.map((row) => row.unique_name);
}
