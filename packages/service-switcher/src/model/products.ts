/**
 * Reading the product fetch defensively (SW-3.1–3.4, SW-5.1): whatever the server sends,
 * the widget gets well-typed products or nothing; bad items are skipped and reported.
 */

/** A product as the widget uses it. Every field is checked; nothing is trusted blindly. */
export interface Product {
  readonly uniqueName: string;
  readonly label: string;
  readonly tooltip: string;
  readonly iconUrl: string | undefined;
  readonly indexPageUrl: string | undefined;
  readonly openInNewWindow: boolean;
  readonly learnMorePageUrl: string | undefined;
  readonly needLicense: boolean;
  readonly localeResourceUrl: string | undefined;
  readonly trialDaysLeft: number | undefined;
  /** The group the product was flattened from (SW-3.3). */
  readonly category: {
    readonly id: string;
    readonly label: string;
    readonly localeResourceUrl: string | undefined;
  };
}

export interface ProductGroup {
  readonly uniqueName: string;
  readonly label: string;
  readonly localeResourceUrl: string | undefined;
  readonly products: readonly Product[];
}

export interface ProductData {
  readonly licensedProducts: ReadonlySet<string>;
  readonly preferredProduct: string | undefined;
  readonly userGroups: readonly ProductGroup[];
  readonly allGroups: readonly ProductGroup[];
}

/** Thrown when the answer is not a product-fetch response at all; the widget shows its error view. */
export class MalformedProductsError extends Error {
  override name = 'MalformedProductsError' as const;
}

/** More items than any real catalogue has: the rest is ignored, not rendered. */
const MAX_ITEMS = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

type Report = (message: string, item?: unknown) => void;

/** A whole number of days, zero or more (`Number.isInteger` refuses every non-number). */
const isDayCount = (value: unknown): value is number =>
  Number.isInteger(value) && Number(value) >= 0;

function readProduct(
  value: unknown,
  category: Product['category'],
  report: Report,
): Product | undefined {
  if (!isRecord(value)) return void report('Skipped a product that is not an object', value);
  const uniqueName = text(own(value, 'uniqueName'));
  if (!uniqueName) return void report('Skipped a product without a uniqueName', value);
  const trial = own(value, 'trial');
  const daysLeft = isRecord(trial) ? own(trial, 'daysLeft') : undefined;
  return {
    uniqueName,
    label: text(own(value, 'label')) ?? text(own(value, 'defaultLabel')) ?? uniqueName,
    tooltip: text(own(value, 'description')) ?? text(own(value, 'defaultTooltip')) ?? '',
    iconUrl: text(own(value, 'iconUrl')),
    indexPageUrl: text(own(value, 'indexPageUrl')),
    openInNewWindow: own(value, 'openInNewWindow') === true,
    learnMorePageUrl: text(own(value, 'learnMorePageUrl')),
    needLicense: own(value, 'needLicense') === true,
    localeResourceUrl: text(own(value, 'localeResourceUrl')),
    trialDaysLeft: isDayCount(daysLeft) ? daysLeft : undefined,
    category,
  };
}

/**
 * Reads registry items into groups. Only items of type 'productGroup' with at least one
 * valid product are kept (SW-5.1); a lone product outside any group is skipped and reported.
 */
export function readGroups(items: unknown, report: Report): ProductGroup[] {
  if (!Array.isArray(items)) return [];
  const groups: ProductGroup[] = [];
  for (const item of items.slice(0, MAX_ITEMS)) {
    if (!isRecord(item)) {
      report('Skipped a registry item that is not an object', item);
      continue;
    }
    const uniqueName = text(own(item, 'uniqueName'));
    if (own(item, 'productRegistryItemType') !== 'productGroup' || !uniqueName) {
      report('Skipped a registry item that is not a product group', item);
      continue;
    }
    const label = text(own(item, 'label')) ?? text(own(item, 'defaultLabel')) ?? uniqueName;
    const localeResourceUrl = text(own(item, 'localeResourceUrl'));
    const category = { id: uniqueName, label, localeResourceUrl };
    const rawProducts = own(item, 'products');
    const products = (Array.isArray(rawProducts) ? rawProducts.slice(0, MAX_ITEMS) : [])
      .map((p) => readProduct(p, category, report))
      .filter((p): p is Product => p !== undefined);
    if (products.length > 0) groups.push({ uniqueName, label, localeResourceUrl, products });
  }
  return groups;
}

/** Reads the product-fetch answer (SW-3.4). Throws `MalformedProductsError` when it is not one. */
export function readProductData(answer: unknown, report: Report): ProductData {
  if (!isRecord(answer))
    throw new MalformedProductsError(
      'The product fetch answered with something that is not an object.',
    );
  const licensed = own(answer, 'licensedProducts');
  const preferred = own(answer, 'preferredProduct');
  return {
    licensedProducts: new Set(
      (Array.isArray(licensed) ? licensed.slice(0, MAX_ITEMS) : []).filter(
        (n): n is string => typeof n === 'string',
      ),
    ),
    preferredProduct: isRecord(preferred) ? text(own(preferred, 'uniqueName')) : undefined,
    userGroups: readGroups(own(answer, 'userProducts'), report),
    allGroups: readGroups(own(answer, 'allProducts'), report),
  };
}
