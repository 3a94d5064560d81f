import { realpathSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { Seed } from './seedFormat.ts';

// A seed's icon files (decision 1215): a product's `icon` names an image beside the seed file,
// which the emulator serves on its own origin, so its pages' `img-src 'self' data:` holds.

type Product = NonNullable<Seed['products']>[number];

/** The image types an icon may be, by file extension, with the type it is served as. */
const ICON_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
/** The largest icon file served: a card draws it at 70×70. */
const ICON_LIMIT_BYTES = 1024 * 1024;
/** Where the emulator serves a seed's icons. */
export const SEED_ICONS_PATH = '/emulator-assets/seed-icons/';

/** A seed's icon file, checked: its real path, the real folder it must stay in, its type. */
export interface SeedIcon {
  readonly file: string;
  readonly folder: string;
  readonly type: string;
}

/** The icon's address on the emulator: the product's name and the file's extension. */
export const iconAddress = (uniqueName: string, file: string) =>
  `${SEED_ICONS_PATH}${encodeURIComponent(uniqueName)}${extname(file).toLowerCase()}`;

/**
 * Checks one product's `icon` (relative to `base`, the seed file's folder): an image type, a file
 * inside the seed's folder by real path (a link out of it is refused), at most 1 MB. Returns the
 * icon, or the problem in the seed's words.
 */
export function checkIcon(base: string, icon: string): SeedIcon | string {
  const type = ICON_TYPES[extname(icon).toLowerCase()];
  if (!type)
    return `'${icon}' is not an image file this emulator serves; use ${Object.keys(ICON_TYPES).join(', ')}`;
  let folder: string;
  let file: string;
  try {
    folder = realpathSync(base);
    file = realpathSync(resolve(base, icon));
  } catch (error) {
    return `'${icon}' cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the path is relative to the seed file`;
  }
  if (!file.startsWith(folder + sep))
    return `'${icon}' is outside the seed file's folder (${folder}), by its real path; put the icon in that folder or below it`;
  const stat = statSync(file);
  if (!stat.isFile()) return `'${icon}' is not a file`;
  if (stat.size > ICON_LIMIT_BYTES)
    return `'${icon}' is ${stat.size} bytes; an icon may be at most ${ICON_LIMIT_BYTES} (a card draws it at 70×70)`;
  return { file, folder, type };
}

/** The icons a seed's products name, by the address each is served at. */
export function seedIcons(products: readonly Product[]): Map<string, SeedIcon> {
  const icons = new Map<string, SeedIcon>();
  for (const product of products) {
    const icon = (product as { iconFile?: SeedIcon }).iconFile;
    if (icon) icons.set(iconAddress(product.uniqueName, icon.file), icon);
  }
  return icons;
}
