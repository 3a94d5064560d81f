/**
 * Reading the product fetch defensively (SW-3.1–3.4, SW-5.1): whatever the server sends,
 * the widget gets well-typed products or nothing; bad items are skipped and reported.
 */

/** A product as the widget uses it. Every field is checked; nothing is trusted blindly. */
export interface Product {
  /** The product's key in the catalogue, e.g. `integration.designer`; stable across languages. */
  readonly uniqueName: string;
  /** The name shown on the card, translated when a bundle has it. */
  readonly label: string;
  /** The description shown as the card's tooltip; empty when the product has none. */
  readonly tooltip: string;
  /** The icon's address; without one, the card shows a generic tile in a colour of the product's own. */
  readonly iconUrl: string | undefined;
  /** Where the card leads (an http(s) address, relative ones against the page's); `undefined`: nowhere. */
  readonly indexPageUrl: string | undefined;
  /** Whether the product opens in a new tab instead of this one. */
  readonly openInNewWindow: boolean;
  /** Where the card's 'Learn more' link leads, when the product has such a page. */
  readonly learnMorePageUrl: string | undefined;
  /** Whether the product needs a licence; without one the card shows the key icon. */
  readonly needLicense: boolean;
  /** The translation bundle of the product's texts, when it has one. */
  readonly localeResourceUrl: string | undefined;
  /** Whole days left of a free trial; `undefined` when the product is not on trial. */
  readonly trialDaysLeft: number | undefined;
  /** The group the product was flattened from (SW-3.3). */
  readonly category: {
    readonly id: string;
    readonly label: string;
    readonly localeResourceUrl: string | undefined;
  };
}

/** A group of products as the catalogue lists them ('All Services' shows one section per group). */
export interface ProductGroup {
  /** The group's key in the catalogue, e.g. `integration.group`. */
  readonly uniqueName: string;
  /** The group's name as the section heading, translated when a bundle has it. */
  readonly label: string;
  /** The translation bundle of the group's texts, when it has one. */
  readonly localeResourceUrl: string | undefined;
  /** The group's products, in catalogue order. */
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
