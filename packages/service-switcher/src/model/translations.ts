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
