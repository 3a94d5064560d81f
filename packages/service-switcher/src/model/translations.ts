import { bundleSubtag, type Locale } from './language.ts';
import { COMMON_GROUP, sortGroups } from './ordering.ts';
import type { Product, ProductGroup } from './products.ts';

/** Texts read from a product's bundle (SW-3.5): keys product.label and product.description. */
export interface ProductTexts {
  readonly label?: string;
  readonly description?: string;
}
/** Texts read from a group's bundle (SW-3.5): key productGroup.label. */
export interface GroupTexts {
  readonly label?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Reads `{ [section]: { [key]: string } }` or the flat `{ 'section.key': string }`. */
function read(bundle: unknown, section: string, key: string): string | undefined {
  if (!isRecord(bundle)) return undefined;
  const nested = own(bundle, section);
  return (
    text(isRecord(nested) ? own(nested, key) : undefined) ?? text(own(bundle, `${section}.${key}`))
  );
}

/** A product bundle's texts; `undefined` when it has none (a malformed bundle is ignored). */
export function readProductBundle(bundle: unknown): ProductTexts | undefined {
  const label = read(bundle, 'product', 'label');
  const description = read(bundle, 'product', 'description');
  if (label === undefined && description === undefined) return undefined;
  return { ...(label ? { label } : {}), ...(description ? { description } : {}) };
}

/** A group bundle's label; `undefined` when it has none. */
export function readGroupBundle(bundle: unknown): GroupTexts | undefined {
  const label = read(bundle, 'productGroup', 'label');
  return label ? { label } : undefined;
}

/** The translation file of a resource (SW-5.3): bundle path + primary subtag + translation.json. */
export const bundleAddress = (localeResourceUrl: string, subtag: string) =>
  `${localeResourceUrl}${subtag}/translation.json`;

export interface Translations {
  readonly products: ReadonlyMap<string, ProductTexts>;
  readonly groups: ReadonlyMap<string, GroupTexts>;
}

/**
 * Groups with their labels, and their products' labels and tooltips, replaced by the
 * translations found for their bundle addresses; the registry's texts stay where none is.
 */
export function translateGroups(
  groups: readonly ProductGroup[],
  translations: Translations,
  subtag: string,
): ProductGroup[] {
  const groupLabel = (group: { localeResourceUrl: string | undefined; label: string }) =>
    (group.localeResourceUrl &&
      translations.groups.get(bundleAddress(group.localeResourceUrl, subtag))?.label) ||
    group.label;
  return groups.map((group) => {
    const label = groupLabel(group);
    const category = { id: group.uniqueName, label, localeResourceUrl: group.localeResourceUrl };
    return {
      ...group,
      label,
      products: group.products.map((product): Product => {
        const texts = product.localeResourceUrl
          ? translations.products.get(bundleAddress(product.localeResourceUrl, subtag))
          : undefined;
        return {
          ...product,
          label: texts?.label ?? product.label,
          tooltip: texts?.description ?? product.tooltip,
          category,
        };
      }),
    };
  });
}

/**
 * The translation bundles the first `count` cards of a view wait for (issue 23, decision 0911):
 * their texts, and their order (SW-2.14: groups by label with 'common.group' last, products by
 * label within a group). That is every group's bundle but that of 'common.group' (which sorts
 * last whatever it is called), and the bundles of every product of the groups that come first
 * in the order the texts read so far give, until `count` cards are reached, with those groups'
 * own. Once these have answered, the first screen's cards, texts and order are those the full
 * translations give. Groups come first, then products in display order: the order in which to
 * request them.
 */
export function firstScreenAddresses(
  groups: readonly ProductGroup[],
  texts: Translations,
  locale: Locale,
  count: number,
): string[] {
  const subtag = bundleSubtag(locale);
  const addresses = new Set<string>();
  const add = (resource: string | undefined) => {
    if (resource) addresses.add(bundleAddress(resource, subtag));
  };
  for (const group of groups) if (group.uniqueName !== COMMON_GROUP) add(group.localeResourceUrl);
  const sorted = sortGroups(translateGroups(groups, texts, subtag), locale);
  let left = count;
  for (const group of sorted) {
    if (left <= 0) break;
    add(group.localeResourceUrl);
    for (const product of group.products) add(product.localeResourceUrl);
    left -= group.products.length;
  }
  return [...addresses];
}
