import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import type { ProductContribution } from '@ics/platform-contract';
import type { ExtensionFault, PublishedExtension } from '../console/adminApi.ts';
import type { ExtensionFaultRow } from '../db/consoleShared.ts';

const sameExtension = (a: { product: string; name: string }, b: ExtensionFaultRow) =>
  a.product === b.product && a.name === b.name;

/** Where published extensions are served: `<product>/<name>/<version>/<file>` below it. */
export const PUBLISHED_PATH = '/shell-service/extensions/published/';
/** The same files at a second address, each script's fallback. */
export const FALLBACK_PATH = '/shell-service/extensions/published-fallback/';

/**
 * How the console makes a published extension's address fail: not found, no answer within
 * the client's 10 s time-out, or content that no longer matches the published integrity.
 */
export type { ExtensionFault, PublishedExtension };
const FAULTS: readonly string[] = ['404', 'timeout', 'integrity'];

interface Entry {
  product: string;
  name: string;
  version: string;
  folder: string;
  file: string;
  slug: string;
  fault?: { kind: ExtensionFault; fallbackToo: boolean };
}

/**
 * A seed's contribution (decision 1171): a built folder, published as `--extension` publishes
 * one, or a script at another https address with its integrity, listed as it is.
 */
export type SeededExtension =
  | { readonly product: string; readonly dir: string }
  | {
      readonly product: string;
      readonly name: string;
      readonly version: string;
      readonly url: string;
      readonly fallbackUrl?: string | undefined;
      readonly integrity: string;
    };

/**
 * The extensions published with `--extension PRODUCT=DIR` (or the test kit's `extensions`):
 * each a built folder whose package.json gives the name, the version and the entry (`module`,
 * else `main`). The folder of the entry is served, so sources and node_modules are not. Its
 * integrity is computed from the file at each answer, so a rebuild is published at once.
 */
export class PublishedExtensions {
  readonly #entries: Entry[] = [];
  readonly #elsewhere: ProductContribution[] = [];
  readonly #productOf = new Map<ProductContribution, string>();

  /**
   * Reads every folder's package.json now, so a wrong folder stops the start with a message.
   * @param byProduct product id → one folder or several
   * @param seeded the seed's contributions (checked by `resolveSeed` already)
   */
  constructor(
    byProduct: Readonly<Record<string, string | readonly string[]>> = {},
    seeded: readonly SeededExtension[] = [],
  ) {
    const folders = Object.entries(byProduct).flatMap(([product, dirs]) =>
      (typeof dirs === 'string' ? [dirs] : dirs).map((dir) => ({ product, dir })),
    );
    for (const extension of [...folders, ...seeded]) {
      const { product } = extension;
      if (!/^[\w.-]{1,100}$/.test(product))
        throw new Error(
          `Extension product '${product}': use letters, digits, '.', '-' or '_' (at most 100).`,
        );
      const entry =
        'dir' in extension
          ? readPackage(product, resolve(extension.dir))
          : { product, name: extension.name };
      if (this.#named(product, entry.name))
        throw new Error(`Extension '${entry.name}' is published twice for '${product}'.`);
      if ('folder' in entry) this.#entries.push(entry);
      else if ('url' in extension) this.#addElsewhere(extension);
    }
  }

  #named(product: string, name: string): boolean {
    return (
      this.#entries.some((e) => e.product === product && e.name === name) ||
      this.#elsewhere.some((c) => this.#productOf.get(c) === product && c.resourceName === name)
    );
  }

  #addElsewhere(extension: Extract<SeededExtension, { url: string }>): void {
    const contribution: ProductContribution = {
      resourceName: extension.name,
      version: extension.version,
      supportedTarget: 'Droplets Shell',
      publicPath: extension.url.slice(0, extension.url.lastIndexOf('/') + 1),
      js: [
        {
          resourceUrl: extension.url,
          fallbackUrl: extension.fallbackUrl ?? extension.url,
          integrity: extension.integrity,
        },
      ],
      runtimeDependencies: [],
    };
    this.#elsewhere.push(contribution);
    this.#productOf.set(contribution, extension.product);
  }

  /** The products with published extensions. */
  get products(): string[] {
    return [
      ...new Set([
        ...this.#entries.map((e) => e.product),
        ...this.#elsewhere.map((c) => this.#productOf.get(c) ?? ''),
      ]),
    ];
  }

  /**
   * A product's contributions, each with the integrity of its entry as it is now. An entry that
   * cannot be read at this moment (a rebuild under way) is left out, never listed without its
   * integrity: the page would load whatever is there unchecked.
   */
  async contributions(product: string): Promise<ProductContribution[]> {
    const entries = this.#entries.filter((e) => e.product === product);
    const listed = await Promise.all(
      entries.map(async (e): Promise<ProductContribution | undefined> => {
        const integrity = await integrityOf(resolve(e.folder, e.file));
        if (integrity === undefined) return undefined;
        const { publicPath, resourceUrl, fallbackUrl } = addresses(e);
        return {
          resourceName: e.name,
          version: e.version,
          supportedTarget: 'Droplets Shell',
          publicPath,
          js: [{ resourceUrl, fallbackUrl, integrity }],
          runtimeDependencies: [],
        };
      }),
    );
    const elsewhere = this.#elsewhere.filter((c) => this.#productOf.get(c) === product);
    return [...listed.filter((contribution) => contribution !== undefined), ...elsewhere];
  }

  /**
   * The faults set, as the database keeps them (decision 1220): `others`' rows for extensions this
   * process does not publish stay as they are.
   */
  faultRows(others: readonly ExtensionFaultRow[] = []): ExtensionFaultRow[] {
    return [
      ...others.filter((row) => !this.#entries.some((e) => sameExtension(e, row))),
      ...this.#entries.flatMap((e) =>
        e.fault ? [{ product: e.product, name: e.name, ...e.fault }] : [],
      ),
    ];
  }

  /** Takes the faults the database holds (set through any process) as this process's. */
  adoptFaults(rows: readonly ExtensionFaultRow[]): void {
    for (const entry of this.#entries) {
      const row = rows.find((r) => sameExtension(entry, r));
      if (row && FAULTS.includes(row.kind))
        entry.fault = { kind: row.kind as ExtensionFault, fallbackToo: row.fallbackToo };
      else delete entry.fault;
    }
  }

  /** Every published extension, with its addresses and fault. */
  list(): PublishedExtension[] {
    return this.#entries.map((e) => ({
      product: e.product,
      name: e.name,
      version: e.version,
      folder: e.folder,
      ...addresses(e),
      ...(e.fault ? { fault: e.fault.kind, fallbackToo: e.fault.fallbackToo } : {}),
    }));
  }

  /**
   * Makes an extension's primary address fail (and its fallback with `fallbackToo`), or heals
   * it with `fault: null`. Returns the extension, or `undefined` when there is none such.
   * Throws a `TypeError` for an unknown fault.
   */
  setFault(
    product: string,
    name: string,
    fault: ExtensionFault | null,
    fallbackToo = false,
  ): PublishedExtension | undefined {
    if (fault !== null && !FAULTS.includes(fault))
      throw new TypeError(`The fault is one of ${FAULTS.join(', ')}, or null to heal.`);
    const entry = this.#entries.find((e) => e.product === product && e.name === name);
    if (!entry) return undefined;
    if (fault) entry.fault = { kind: fault, fallbackToo };
    else delete entry.fault;
    return this.list().find((e) => e.product === product && e.name === name);
  }

  /**
   * The file a request below PUBLISHED_PATH or FALLBACK_PATH reaches (`rest` is the decoded
   * path after it), and the fault that applies, or `undefined` when there is no such file.
   */
  resolve(
    rest: string,
    fallback: boolean,
  ): { path: string; fault: ExtensionFault | undefined } | undefined {
    const [product, slug, version, ...parts] = rest.split('/');
    const entry = this.#entries.find(
      (e) => e.product === product && e.slug === slug && e.version === version,
    );
    if (!entry || parts.length === 0 || parts.some((p) => p === '' || p.startsWith('.')))
      return undefined;
    const path = resolve(entry.folder, ...parts);
    if (!path.startsWith(entry.folder + sep) || !existsSync(path)) return undefined;
    // By its real path: a link inside the folder to a file outside it serves nothing.
    const real = realpathSync(path);
    if (!real.startsWith(entry.folder + sep) || !statSync(real).isFile()) return undefined;
    const fault =
      entry.fault && (!fallback || entry.fault.fallbackToo) ? entry.fault.kind : undefined;
    return { path, fault };
  }
}

function addresses(e: Entry) {
  const below = `${e.product}/${e.slug}/${e.version}/`;
  return {
    publicPath: `${PUBLISHED_PATH}${below}`,
    resourceUrl: `${PUBLISHED_PATH}${below}${e.file}`,
    fallbackUrl: `${FALLBACK_PATH}${below}${e.file}`,
  };
}

/** `sha384-…` of a file, or `undefined` when it cannot be read (not built yet). */
async function integrityOf(path: string): Promise<string | undefined> {
  try {
    return `sha384-${createHash('sha384')
      .update(await readFile(path))
      .digest('base64')}`;
  } catch {
    return undefined;
  }
}

/**
 * A built extension's folder as `--extension` publishes it; throws a message starting with
 * `where` (default the option) for a folder that cannot be published.
 */
export function readPackage(
  product: string,
  dir: string,
  where = `--extension ${product}=${dir}`,
): Entry {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
  } catch (error) {
    throw new Error(`${where}: no readable package.json there (${(error as Error).message}).`);
  }
  const { name, version } = manifest;
  const main = typeof manifest.module === 'string' ? manifest.module : manifest.main;
  if (typeof name !== 'string' || !name || typeof version !== 'string' || !version)
    throw new Error(`${where}: its package.json needs a name and a version.`);
  if (!/^[\w.+-]{1,50}$/.test(version))
    throw new Error(`${where}: its version '${version}' is not a version (e.g. 1.0.0).`);
  if (typeof main !== 'string' || !main)
    throw new Error(`${where}: its package.json names no entry ('module' or 'main').`);
  const entryPath = resolve(dir, main);
  if (!entryPath.startsWith(dir + sep) || !existsSync(entryPath))
    throw new Error(`${where}: the entry ${main} is not there; build the extension first.`);
  // Everything below the entry's folder is published, readable by any site: compared by real
  // paths, so neither a link nor the package root itself can widen it.
  const root = realpathSync(dir);
  const entry = realpathSync(entryPath);
  const folder = dirname(entry);
  if (!entry.startsWith(root + sep))
    throw new Error(`${where}: the entry ${main} leads outside the folder; build into the folder.`);
  if (folder === root)
    throw new Error(
      `${where}: the entry ${main} is at the package's root, and its folder is what is published, so package.json, the sources and node_modules would be readable by any site. Build the extension into a folder of its own (e.g. 'dist/', with "module": "dist/my-extension.js" in package.json).`,
    );
  return {
    product,
    name,
    version,
    folder,
    file: basename(entry),
    slug: name.replace(/^@/, '').replace(/[^\w.-]/g, '-'),
  };
}

/**
 * The folders of repeated `--extension PRODUCT=DIR` options, by product; throws a message that
 * names the option when one is not `PRODUCT=DIR`.
 */
export function extensionOptions(values: readonly string[] = []): Record<string, string[]> {
  const byProduct: Record<string, string[]> = {};
  for (const value of values) {
    const at = value.indexOf('=');
    if (at < 1 || at === value.length - 1)
      throw new Error(`--extension must be PRODUCT=DIR (e.g. team-app=./dist); got '${value}'.`);
    (byProduct[value.slice(0, at)] ??= []).push(value.slice(at + 1));
  }
  return byProduct;
}
