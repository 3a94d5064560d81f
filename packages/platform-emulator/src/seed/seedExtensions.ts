import { resolve } from 'node:path';
import { readPackage, type SeededExtension } from '../extensions/publishedExtensions.ts';
import type { Seed } from './seedFormat.ts';

// A seed's extensions' contributions (decision 1171): a built folder, relative to the seed file
// and checked as `--extension PRODUCT=DIR` checks it, or a script at an https address with its
// integrity. Their id, for merging files, is the product and the extension's name.

type SeedExtension = NonNullable<Seed['extensions']>[number];
const FOR_URL = ['integrity', 'name', 'version'] as const;

/**
 * The file's contributions with their folders made absolute (relative to `base`, the seed file's
 * folder), each with its merge key, and the problems found, each naming the file and path.
 */
export function prepareExtensions(
  file: string,
  base: string,
  extensions: readonly SeedExtension[] = [],
): { items: SeededExtension[]; keys: string[]; problems: string[] } {
  const problems: string[] = [];
  const keys: string[] = [];
  const items = extensions.map((extension, i): SeededExtension => {
    const at = `${file}: extensions[${i}]`;
    const { product, dir, url } = extension;
    if (dir !== undefined) {
      const extra = ['url', 'fallbackUrl', ...FOR_URL].filter((key) => key in extension);
      if (extra.length > 0)
        problems.push(
          `${at}: a folder's contribution takes its name, version and integrity from the folder; give \`dir\` or \`url\`, not ${extra.join(', ')} beside \`dir\``,
        );
      const folder = resolve(base, dir);
      try {
        keys.push(`${product}/${readPackage(product, folder, `${at}.dir`).name}`);
      } catch (error) {
        problems.push((error as Error).message);
        keys.push(`${product}/${folder}`);
      }
      return { product, dir: folder };
    }
    keys.push(`${product}/${extension.name ?? url ?? i}`);
    const missing = FOR_URL.filter((key) => extension[key] === undefined);
    if (url === undefined)
      problems.push(
        `${at}: give \`dir\` (a built extension's folder, relative to the seed file) or \`url\` (an https script with its \`integrity\`, \`name\` and \`version\`)`,
      );
    else if (missing.length > 0)
      problems.push(
        `${at}: a contribution at a \`url\` needs its ${missing.join(', ')}${missing.includes('integrity') ? ' (the page checks the script against it, as it checks every script --extension publishes)' : ''}`,
      );
    return {
      product,
      url: url ?? '',
      fallbackUrl: extension.fallbackUrl,
      name: extension.name ?? '',
      version: extension.version ?? '',
      integrity: extension.integrity ?? '',
    };
  });
  return { items, keys, problems };
}
