import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  DEFAULT_SERVICE_PREFERENCE,
  nameKey,
  NOTIFICATION_CATEGORIES,
} from '@ics/platform-contract';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { bundleProblems } from './bundles.ts';
import { builtInSeed } from './builtInSeed.ts';
import { defaultProject } from './defaultProject.ts';
import { known } from './knownIds.ts';
import { printable } from '../redaction.ts';
import { prepareExtensions } from './seedExtensions.ts';
import { checkIcon, iconAddress } from './seedIcons.ts';
import { seedNotes } from './seedNotes.ts';
import { SeedFile, type Seed } from './seedFormat.ts';

const BUILT_IN = 'the built-in seed';

/** A seed to load: a JSON file's path, or a seed object (`defineSeed`). */
export type SeedSource = string | Seed;

/** A seed that cannot be loaded: one line per problem, each naming the file, the path and the rule. */
export class SeedError extends Error {
  override name = 'SeedError' as const;
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    // A problem quotes the file, and is printed on a terminal: its control characters escaped.
    const shown = problems.map(printable);
    super(
      `The seed cannot be loaded (${shown.length} problem${shown.length === 1 ? '' : 's'}):\n  ${shown.join('\n  ')}`,
    );
    this.problems = shown;
  }
}

/** Keys a seed may not have, refused by name (never ignored), each with what to do instead. */
const REFUSED: Readonly<Record<string, string>> = {
  translations:
    "a product's or product group's translations are its own key: `products[].translations`, `productGroups[].translations` (decision 1134)",
  preferences:
    "a persona's preferences are its own keys: `personas[].defaultService` and `personas[].preferences` (decision 1134)",
  repository:
    'repository content is three keys of its own: `projects`, `folders` and `documents` (decision 1134)',
};

const collections = [
  'organisations',
  'roles',
  'groups',
  'productGroups',
  'products',
  'personas',
  'projects',
  'folders',
  'documents',
  'notifications',
  'bundles',
  'extensions',
] as const;
type Collection = (typeof collections)[number];
type Item<C extends Collection> = NonNullable<Seed[C]>[number];
const keyOf = (collection: Collection, item: Record<string, unknown>) =>
  String(collection === 'productGroups' || collection === 'products' ? item.uniqueName : item.id);

/** `/personas/2/licences/0` as `personas[2].licences[0]`. */
const dotted = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );

/** A seed's name, data, and the folder its relative paths start from (a file's own). */
interface Read {
  name: string;
  data: unknown;
  base: string;
}

function read(source: SeedSource, index: number): Read | string {
  if (typeof source !== 'string')
    return { name: `seed #${index + 1} (object)`, data: source, base: process.cwd() };
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    return `${source}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  try {
    return { name: source, data: JSON.parse(text), base: dirname(resolve(source)) };
  } catch (error) {
    return `${source}: not JSON, or cut short (${(error as Error).message})`;
  }
}

/** Shape problems of one file: unknown keys, wrong types, broken rules; at most one per path. */
function shapeProblems(name: string, data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return [`${name}: a seed is a JSON object ({ "personas": [...], ... })`];
  const problems = new Map<string, string>();
  for (const key of Object.keys(data))
    if (Object.hasOwn(REFUSED, key)) problems.set(key, `${name}: ${key}: ${REFUSED[key]}`);
  for (const error of Value.Errors(SeedFile, data)) {
    const path = dotted(error.path) || '(top level)';
    if (
      [...problems.keys()].some(
        (seen) => path === seen || path.startsWith(`${seen}.`) || path.startsWith(`${seen}[`),
      )
    )
      continue;
    const message =
      error.type === ValueErrorType.ObjectAdditionalProperties
        ? `unknown key; allowed: ${Object.keys(parentSchemaProperties(error.path)).join(', ')}`
        : inTeamWords(error);
    problems.set(path, `${name}: ${path}: ${message}`);
  }
  return [...problems.values()];
}

/** Seed schemas' patterns, said as a rule (the schema's own description says what the value is). */
const PATTERNS: Readonly<Record<string, string>> = {
  '^[A-Za-z0-9][\\w.-]{0,63}$':
    "an id: a letter or digit, then letters, digits, '.', '-' or '_', at most 64 in all",
  '^[^\\u0000-\\u001f\\u007f]*$': 'text without control characters (no line breaks, tabs or NUL)',
  '^(https?://[^\\s]+|/(?!/)[^\\s]*)$':
    'an http(s) address or a path on the emulator starting with one /, without spaces',
  '^https://[^\\s]+$': 'an https address, without spaces',
  '^[^\\s@]{1,64}@[^\\s@]{1,185}$': 'an e-mail address, name@domain',
};

/**
 * A schema error in the team's words (decision 1213): what the value must be, then the rule the
 * schema describes, never the schema library's phrasing ("Expected union value").
 */
function inTeamWords(error: ValueError): string {
  const schema = error.schema as {
    description?: string;
    anyOf?: { const?: unknown }[];
    pattern?: string;
    minLength?: number;
    maxLength?: number;
    minimum?: number;
    maximum?: number;
    maxItems?: number;
    const?: unknown;
  };
  const said = (value: unknown) => JSON.stringify(value);
  const got = error.value === undefined ? '' : `; got ${shortened(said(error.value))}`;
  const rule = schema.description ? ` (${schema.description})` : '';
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return `missing: it is required${rule}`;
    case ValueErrorType.Union: {
      const literals = (schema.anyOf ?? []).filter((s) => s.const !== undefined);
      return literals.length === (schema.anyOf ?? []).length
        ? `must be one of ${literals.map((s) => said(s.const)).join(', ')}${got}`
        : `is none of the forms it may take${got}${rule}`;
    }
    case ValueErrorType.Literal:
      return `must be ${said(schema.const)}${got}`;
    case ValueErrorType.String:
      return `must be text (a JSON string)${got}${rule}`;
    case ValueErrorType.Boolean:
      return `must be true or false${got}${rule}`;
    case ValueErrorType.Integer:
      return `must be a whole number${got}${rule}`;
    case ValueErrorType.Number:
      return `must be a number${got}${rule}`;
    case ValueErrorType.Array:
      return `must be a list ([ … ])${got}${rule}`;
    case ValueErrorType.Object:
      return `must be an object ({ … })${got}${rule}`;
    case ValueErrorType.StringMinLength:
      return `must not be empty${rule}`;
    case ValueErrorType.StringMaxLength:
      return `is too long: at most ${schema.maxLength} characters${rule}`;
    case ValueErrorType.ArrayMaxItems:
      return `holds too many: at most ${schema.maxItems}${rule}`;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `must be at least ${schema.minimum}${got}${rule}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `must be at most ${schema.maximum}${got}${rule}`;
    case ValueErrorType.StringPattern:
      return `must be ${PATTERNS[schema.pattern ?? ''] ?? `text matching ${schema.pattern}`}${got}${rule}`;
    default:
      return `is not valid${got}${rule}`;
  }
}

const shortened = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** The keys the object holding `pointer` allows. */
function parentSchemaProperties(pointer: string): Record<string, unknown> {
  let schema: { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] } =
    SeedFile;
  const parts = pointer.split('/').slice(1, -1);
  for (const part of parts) {
    const next = /^\d+$/.test(part) ? schema.items : schema.properties?.[part];
    schema = (next ?? {}) as typeof schema;
    while (schema.anyOf)
      schema = (schema.anyOf.find(
        (s) =>
          (s as { type?: string }).type === 'array' || (s as { type?: string }).type === 'object',
      ) ?? {}) as typeof schema;
  }
  return schema.properties ?? {};
}

interface Origin {
  readonly file: string;
  readonly path: string;
}

/**
 * Reads, checks and merges seeds after the built-in one: later ones add to or replace earlier
 * ones by id. Throws a `SeedError` listing every problem; nothing is written before this passes.
 */
export function resolveSeed(sources: readonly SeedSource[] = []): Seed {
  return checkSeed(sources).seed;
}

/**
 * `resolveSeed`'s seed, with the notes a start says about it (`seedNotes`): what the team's
 * personas will see that a team rarely means, each naming the file, the persona and the fix.
 */
export function checkSeed(sources: readonly SeedSource[] = []): { seed: Seed; notes: string[] } {
  const problems: string[] = [];
  type Entry = { item: Record<string, unknown>; at: Origin };
  const merged = Object.fromEntries(collections.map((c) => [c, new Map()])) as Record<
    Collection,
    Map<string, Entry>
  >;
  const folderProblems: string[] = [];
  const files: Read[] = [{ name: BUILT_IN, data: builtInSeed as unknown, base: process.cwd() }];
  sources.forEach((source, i) => {
    const got = read(source, i);
    if (typeof got === 'string') problems.push(got);
    else files.push(got);
  });
  for (const { name, data, base } of files) {
    const shape = shapeProblems(name, data);
    problems.push(...shape);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    // A file with wrong types is still read for its references (decision 1213: every problem
    // in one pass); only its extensions' folders wait, since they are read from the disk.
    const extensions =
      shape.length === 0
        ? prepareExtensions(name, base, (data as Seed).extensions)
        : { items: [], keys: [], problems: [] };
    // Said with the references, so an unknown product and a wrong folder are said together.
    folderProblems.push(...extensions.problems);
    const products =
      shape.length === 0 ? withIcons(name, base, (data as Seed).products) : undefined;
    if (products) folderProblems.push(...products.problems);
    for (const collection of collections) {
      const seen = new Set<string>();
      const given: unknown =
        collection === 'extensions'
          ? extensions.items
          : collection === 'products' && products
            ? products.items
            : (data as Seed)[collection];
      const items = (Array.isArray(given) ? given : []) as Item<typeof collection>[];
      items.forEach((item, i) => {
        if (typeof item !== 'object' || item === null) return;
        const key =
          collection === 'extensions'
            ? (extensions.keys[i] ?? '')
            : keyOf(collection, item as Record<string, unknown>);
        const path = `${collection}[${i}]`;
        if (seen.has(key)) problems.push(`${name}: ${path}: duplicate id '${key}' in this file`);
        seen.add(key);
        merged[collection].set(key, {
          item: item as Record<string, unknown>,
          at: { file: name, path },
        });
      });
    }
  }
  const shapeFailed = problems.length > 0;
  const seed = Object.fromEntries(
    collections.map((c) => [c, [...merged[c].values()].map((e) => e.item)]),
  ) as Required<Omit<Seed, '$schema'>>;
  const at = (c: Collection, item: object): Origin =>
    [...merged[c].values()].find((entry) => entry.item === item)?.at ?? {
      file: 'the seed',
      path: c,
    };
  problems.push(...folderProblems, ...referenceProblems(seed, at));
  if (!shapeFailed) {
    problems.push(...repositoryProblems(seed, at));
    bundleProblems(seed, (bundle, rest) => {
      const { file, path } = at('bundles', bundle);
      problems.push(`${file}: ${path}${rest}`);
    });
  }
  if (problems.length > 0) throw new SeedError(problems);
  const notes = seedNotes(seed, (collection, item) => {
    const { file, path } = at(collection, item);
    return file === BUILT_IN ? undefined : `${file}: ${path}`;
  });
  return { seed, notes };
}

/**
 * A file's products with their `icon` files checked (relative to `base`, the seed file's folder)
 * and each served at its own address, as its `iconUrl`; the problems name the file and path.
 */
function withIcons(name: string, base: string, products: Seed['products'] = []) {
  const problems: string[] = [];
  const items = products.map((product, i) => {
    if (product.icon === undefined) return product;
    const at = `${name}: products[${i}].icon`;
    if (product.iconUrl !== undefined)
      problems.push(`${at}: give \`icon\` (a file beside the seed) or \`iconUrl\`, not both`);
    const icon = checkIcon(base, product.icon);
    if (typeof icon === 'string') {
      problems.push(`${at}: ${icon}`);
      return product;
    }
    return { ...product, iconUrl: iconAddress(product.uniqueName, icon.file), iconFile: icon };
  });
  return { items, problems };
}

/** A list as the seed gives it, or none when the shape check refused its type. */
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
/** A field of an object as the seed gives it (`undefined` when it is not an object). */
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** Every reference that names nothing, and every sign-in name used twice. */
function referenceProblems(
  seed: Required<Omit<Seed, '$schema'>>,
  at: (c: Collection, item: object) => Origin,
): string[] {
  const problems: string[] = [];
  // Every id a reference may name, the team's own first (then the built-in ones).
  const idsOf = <C extends Collection>(c: C, key: (item: Item<C>) => unknown) => {
    const items = seed[c] as Item<C>[];
    const own = (item: Item<C>) => at(c, item).file !== BUILT_IN;
    return new Set(
      [...items.filter(own), ...items.filter((item) => !own(item))]
        .map(key)
        .filter((id): id is string => typeof id === 'string'),
    );
  };
  const ids = {
    organisations: idsOf('organisations', (o) => o.id),
    roles: idsOf('roles', (r) => r.id),
    productGroups: idsOf('productGroups', (g) => g.uniqueName),
    products: idsOf('products', (p) => p.uniqueName),
    personas: idsOf('personas', (p) => p.id),
  };
  const noun = {
    organisations: 'organisation',
    roles: 'role',
    productGroups: 'product group',
    products: 'product',
    personas: 'persona',
  };
  const check = <C extends Collection>(
    c: C,
    item: Item<C>,
    rel: string,
    kind: keyof typeof ids,
    value: unknown,
  ) => {
    // A value of the wrong type is said by the shape check; only text names something.
    if (typeof value !== 'string' || ids[kind].has(value)) return;
    const { file, path } = at(c, item);
    problems.push(
      `${file}: ${path}${rel}: no ${noun[kind]} '${value}'; known: ${known(ids[kind])}`,
    );
  };
  for (const o of seed.organisations)
    check('organisations', o, '.parent', 'organisations', o.parent);
  for (const r of seed.roles) check('roles', r, '.organisation', 'organisations', r.organisation);
  for (const g of seed.groups) {
    check('groups', g, '.organisation', 'organisations', g.organisation);
    list(g.members).forEach((m, i) => check('groups', g, `.members[${i}]`, 'personas', m));
  }
  for (const p of seed.products) check('products', p, '.group', 'productGroups', p.group);
  for (const e of seed.extensions) check('extensions', e, '.product', 'products', e.product);
  for (const n of seed.notifications) {
    check('notifications', n, '.persona', 'personas', n.persona);
    if (
      typeof n.category === 'string' &&
      !(NOTIFICATION_CATEGORIES as readonly string[]).includes(n.category)
    ) {
      const { file, path } = at('notifications', n);
      problems.push(
        `${file}: ${path}.category: no category '${n.category}'; known: ${NOTIFICATION_CATEGORIES.join(', ')}`,
      );
    }
  }
  const userNames = new Map<string, string>();
  for (const p of seed.personas) {
    check('personas', p, '.organisation', 'organisations', p.organisation);
    list(p.roles).forEach((r, i) => check('personas', p, `.roles[${i}]`, 'roles', r));
    list(p.products).forEach((name, i) =>
      check('personas', p, `.products[${i}]`, 'products', name),
    );
    list(p.trials).forEach((t, i) =>
      check('personas', p, `.trials[${i}].product`, 'products', field(t, 'product')),
    );
    list(p.licences).forEach((l, i) =>
      typeof l === 'string'
        ? check('personas', p, `.licences[${i}]`, 'products', l)
        : check('personas', p, `.licences[${i}].product`, 'products', field(l, 'product')),
    );
    check('personas', p, '.defaultService', 'products', p.defaultService);
    const keys = new Set(p.defaultService ? [DEFAULT_SERVICE_PREFERENCE] : []);
    list(p.preferences).forEach((preference, i) => {
      const key = field(preference, 'fullyQualifiedName');
      if (typeof key !== 'string') return;
      if (keys.has(key)) {
        const { file, path } = at('personas', p);
        problems.push(
          `${file}: ${path}.preferences[${i}]: '${key}' is set twice${key === DEFAULT_SERVICE_PREFERENCE ? ' (defaultService sets it)' : ''}`,
        );
      }
      keys.add(key);
    });
    if (typeof p.userName !== 'string') continue;
    const name = p.userName.toLowerCase();
    const other = userNames.get(name);
    if (other) {
      const { file, path } = at('personas', p);
      problems.push(
        `${file}: ${path}.userName: '${p.userName}' is already the sign-in name of persona '${other}'`,
      );
    }
    userNames.set(name, p.id);
  }
  return problems;
}

/**
 * The repository's rules (decision 1134): owners, projects and containers that exist, one id per
 * entity, names unique where the platform keeps them unique (ignoring case), no 'Default' project
 * (the organisation's default project takes that name on first use), documents not containers.
 */
function repositoryProblems(
  seed: Required<Omit<Seed, '$schema'>>,
  at: (c: Collection, item: object) => Origin,
): string[] {
  const problems: string[] = [];
  const say = (c: Collection, item: object, rest: string) => {
    const { file, path } = at(c, item);
    problems.push(`${file}: ${path}${rest}`);
  };
  const orgOf = new Map(seed.personas.map((p) => [p.id, p.organisation]));
  const projects = new Map(seed.projects.map((p) => [p.id, p]));
  const folders = new Map(seed.folders.map((f) => [f.id, f]));
  const entityIds = new Set<string>();
  const names = new Map<string, string>();
  /** Claims a name in a scope; says so when another entity of the seed has it. */
  const claim = (c: Collection, item: { id: string; name: string }, scope: string) => {
    const key = `${scope}\u0000${nameKey(item.name)}`;
    const other = names.get(key);
    if (other) say(c, item, `.name: '${item.name}' is already the name of '${other}' there`);
    names.set(key, item.id);
  };
  const unique = (c: Collection, item: { id: string }) => {
    if (entityIds.has(item.id))
      say(c, item, `.id: '${item.id}' is already the id of another project, folder or document`);
    entityIds.add(item.id);
  };
  for (const p of seed.projects) {
    unique('projects', p);
    const org = orgOf.get(p.owner);
    if (!org) say('projects', p, `.owner: no persona '${p.owner}'; known: ${known(orgOf.keys())}`);
    if (nameKey(p.name) === nameKey(defaultProject.name))
      say('projects', p, `.name: '${p.name}' is the name of the organisation's default project`);
    claim('projects', p, `org ${org}`);
  }
  for (const f of seed.folders) {
    unique('folders', f);
    if (!projects.has(f.project))
      say('folders', f, `.project: no project '${f.project}'; known: ${known(projects.keys())}`);
    claim('folders', f, `in ${f.project} Folder`);
  }
  for (const d of seed.documents) {
    unique('documents', d);
    if (!projects.has(d.parent) && !folders.has(d.parent))
      say(
        'documents',
        d,
        `.parent: no project or folder '${d.parent}'; known: ${known(new Set([...projects.keys(), ...folders.keys()]))}`,
      );
    if (/^(project|folder)$/i.test(d.documentType))
      say('documents', d, `.documentType: '${d.documentType}' is a container, not a document`);
    claim('documents', d, `in ${d.parent} ${d.documentType}`);
  }
  return problems;
}
