import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import { PLATFORM_LOCALES, type PlatformLocale } from '@ics/platform-contract';
import { BundleDefinitionBody, BundleStatus } from '@ics/platform-contract/schemas';

// The seed file's format (docs/your-own-data.md, decision 1130): the schema every seed is
// checked against, the built-in one included, and the source of seed.schema.json.

/** An id or unique name: a letter or digit, then letters, digits, '.', '-' or '_' (at most 64). */
const Id = (description: string) =>
  Type.String({ pattern: '^[A-Za-z0-9][\\w.-]{0,63}$', description });

/** Text shown to people: not empty, no control characters (NUL included), at most `max`. */
const Text = (max: number, description?: string) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    ...(description ? { description } : {}),
  });

/** An address a browser follows: an absolute http(s) URL or a path on the emulator (never `javascript:`). */
const Address = (description: string) =>
  Type.String({ pattern: '^(https?://[^\\s]+|/(?!/)[^\\s]*)$', maxLength: 2000, description });

const LicenceState = Type.Union(
  [Type.Literal('active'), Type.Literal('gracePeriod'), Type.Literal('expired')],
  { description: "'active', 'gracePeriod' (ended, still working) or 'expired'" },
);

const strict = { additionalProperties: false } as const;

/** Texts per platform locale (the contract's 12; `zh_CN` is served as the `zh` bundle). */
const Translations = <T extends TSchema>(text: T, description: string) =>
  Type.Optional(
    Type.Object(
      Object.fromEntries(
        PLATFORM_LOCALES.map((locale) => [locale, Type.Optional(text)]),
      ) as unknown as Record<PlatformLocale, TOptional<T>>,
      { ...strict, description },
    ),
  );

const Organisation = Type.Object(
  {
    id: Id('The organisation id (the platform uses 15 characters, e.g. org-team-000001).'),
    name: Text(200),
    parent: Type.Optional(
      Id('The parent organisation of a sub-organisation; omitted, it is top-level.'),
    ),
    licences: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Id("The licence id, as access checks name it: usually a product's uniqueName."),
            name: Type.Optional(Text(200, "Default: the product's label, else the id.")),
            state: LicenceState,
          },
          strict,
        ),
        { description: "The organisation's licences (its EffectiveLicenses)." },
      ),
    ),
  },
  { ...strict, description: 'An organisation or sub-organisation.' },
);

const Role = Type.Object(
  {
    id: Id('The role id.'),
    organisation: Id('The organisation the role belongs to.'),
    name: Text(100),
    description: Type.Optional(Text(500)),
    privileges: Type.Array(Id('A privilege, e.g. view_products, admin, manage_users.')),
  },
  { ...strict, description: 'A role: the privileges its holders have.' },
);

const UserGroup = Type.Object(
  {
    id: Id('The group id.'),
    organisation: Id('The organisation the group belongs to.'),
    name: Text(100),
    description: Type.Optional(Text(500)),
    members: Type.Array(Id('A persona id.')),
  },
  { ...strict, description: 'A user group of an organisation.' },
);

const ProductGroup = Type.Object(
  {
    uniqueName: Id('The group’s unique name, e.g. integration.group.'),
    label: Text(200),
    translations: Translations(
      Type.Object({ label: Text(200) }, strict),
      "The group's label per locale, served as its translation bundle.",
    ),
  },
  { ...strict, description: 'A group of products, as the switcher shows them.' },
);

const Product = Type.Object(
  {
    uniqueName: Id("The product's unique name, e.g. cdi."),
    group: Id('The uniqueName of its product group.'),
    label: Text(200),
    description: Text(1000),
    needLicense: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    openInNewWindow: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    iconUrl: Type.Optional(
      Address(
        "Default: the generated icon of the built-in products. An address on another origin is refused by the emulator's own pages (img-src 'self' data:); give `icon` instead.",
      ),
    ),
    icon: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        pattern: '^[^\\u0000]*$',
        description:
          "Instead of `iconUrl`: an image file beside the seed, relative to the seed file (.svg, .png, .jpg, .jpeg, .gif or .webp, at most 1 MB, inside the seed file's folder), served by the emulator on its own origin.",
      }),
    ),
    indexPageUrl: Type.Optional(Address('Default /apps/<uniqueName>/.')),
    learnMorePageUrl: Type.Optional(Address('Default /docs/<uniqueName>/.')),
    translations: Translations(
      Type.Object({ label: Text(200), description: Text(1000) }, strict),
      "The product's label and description per locale, served as its translation bundle.",
    ),
  },
  { ...strict, description: 'A product of the catalogue.' },
);

const ProductName = Id('A product’s uniqueName.');
const Persona = Type.Object(
  {
    id: Id('The user id (the platform uses 15 characters, e.g. usr-kim-0000001).'),
    userName: Type.String({
      pattern: '^[^\\s@]{1,64}@[^\\s@]{1,185}$',
      description: 'The sign-in name and e-mail address.',
    }),
    displayName: Text(100),
    organisation: Id('The organisation id.'),
    title: Type.Optional(Text(100)),
    timeZone: Type.Optional(Text(64, 'An IANA time zone; default UTC.')),
    roles: Type.Optional(Type.Array(Id('A role id.'))),
    privileges: Type.Optional(
      Type.Array(Id('A privilege'), {
        description: 'Privileges of a role of its own, beside its roles.',
      }),
    ),
    products: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Array(ProductName)], {
        description: "The products the persona may open: 'all' or their names.",
      }),
    ),
    trials: Type.Optional(
      Type.Array(
        Type.Object(
          { product: ProductName, daysLeft: Type.Integer({ minimum: 0, maximum: 3650 }) },
          strict,
        ),
        { description: 'Products on a free trial, with the days left.' },
      ),
    ),
    defaultService: Type.Optional(
      Id(
        "The persona's default service (the switcher's `ProductSwitcher.defaultService` preference): a product's uniqueName.",
      ),
    ),
    preferences: Type.Optional(
      Type.Array(
        Type.Object(
          {
            fullyQualifiedName: Text(255, 'The preference key, e.g. my.app.theme.'),
            value: Type.String({ maxLength: 4000, pattern: '^[^\\u0000]*$' }),
          },
          strict,
        ),
        {
          description:
            "The persona's own preferences (the preference service's UserPreference), each key once.",
        },
      ),
    ),
    licences: Type.Optional(
      Type.Union(
        [
          Type.Literal('all'),
          Type.Array(
            Type.Union([
              ProductName,
              Type.Object({ product: ProductName, state: LicenceState }, strict),
            ]),
          ),
        ],
        {
          description:
            "The persona's licences: 'all' (every product needing one), or product names (active) or { product, state }.",
        },
      ),
    ),
  },
  { ...strict, description: 'A person of the login page and the console.' },
);

const Project = Type.Object(
  {
    id: Id('The project id, fixed by the file (the platform uses 15 characters).'),
    name: Text(255, "Unique among the organisation's projects (ignoring case); not 'Default'."),
    owner: Id("The persona owning it; the project is in the persona's organisation."),
    description: Type.Optional(Text(4000)),
  },
  { ...strict, description: 'A project of the repository (a top-level container).' },
);

const Folder = Type.Object(
  {
    id: Id('The folder id, fixed by the file.'),
    name: Text(255, 'Unique in its project (ignoring case).'),
    project: Id('The id of the project it is in.'),
    description: Type.Optional(Text(4000)),
  },
  { ...strict, description: "A folder of a project, owned by the project's owner." },
);

const Document = Type.Object(
  {
    id: Id('The document id, fixed by the file.'),
    name: Text(255, 'Unique among the documents of its type in its container (ignoring case).'),
    parent: Id('The id of the project or folder it is in.'),
    documentType: Type.String({
      pattern: '^[A-Za-z_]{1,64}$',
      description: "The document's type, e.g. MAPPING or CONNECTION (not Project or Folder).",
    }),
    description: Type.Optional(Text(4000)),
    nativeData: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Its content; default {}.' }),
    ),
    tags: Type.Optional(
      Type.Array(Text(255), { description: 'Tag names, created in the organisation if new.' }),
    ),
  },
  { ...strict, description: "A document of the repository, owned by its project's owner." },
);

const Notification = Type.Object(
  {
    id: Id('The message id, fixed by the file.'),
    persona: Id('The persona receiving it.'),
    category: Id("One of the contract's notification categories: jobs, system or security."),
    title: Text(200),
    body: Text(4000),
    type: Type.Optional(
      Type.Union(
        [
          Type.Literal('BELL_NOTIFICATION'),
          Type.Literal('BANNER'),
          Type.Literal('MESSAGE_BOX'),
          Type.Literal('MESSAGE_BUBBLE'),
        ],
        { description: 'How it is shown; default BELL_NOTIFICATION.' },
      ),
    ),
    priority: Type.Optional(
      Type.Union([Type.Literal('NORMAL'), Type.Literal('HIGH')], {
        description: 'Default NORMAL.',
      }),
    ),
    read: Type.Optional(Type.Boolean({ description: 'Read already; default false (NEW).' })),
    minutesAgo: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 525600,
        description: 'Published this many minutes before the seeding; default 0.',
      }),
    ),
  },
  {
    ...strict,
    description:
      'A message a persona has received; a persona with any receives no built-in first messages.',
  },
);

const Extension = Type.Object(
  {
    product: Id(
      'The product of the seed the contribution belongs to (the id its contributions are asked by).',
    ),
    dir: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        pattern: '^[^\\u0000]*$',
        description:
          "A built extension's folder, relative to the seed file: published as `--extension PRODUCT=DIR` publishes it (its package.json's name, version and entry; the entry's folder served, with its integrity).",
      }),
    ),
    url: Type.Optional(
      Type.String({
        pattern: '^https://[^\\s]+$',
        maxLength: 2000,
        description:
          "Instead of `dir`: the script's https address elsewhere (the page's `scriptOrigins` must allow its origin), with `integrity`, `name` and `version`.",
      }),
    ),
    fallbackUrl: Type.Optional(
      Type.String({
        pattern: '^https://[^\\s]+$',
        maxLength: 2000,
        description: "With `url`: the script's second address; default `url`.",
      }),
    ),
    integrity: Type.Optional(
      Type.String({
        pattern: '^sha(256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$',
        description: "With `url`: the script's SRI hash, e.g. sha384-… (required with `url`).",
      }),
    ),
    name: Type.Optional(
      Type.String({
        pattern: '^(@[\\w.-]{1,100}/)?[\\w.-]{1,100}$',
        description: "With `url`: the extension's name (its package name).",
      }),
    ),
    version: Type.Optional(
      Type.String({
        pattern: '^[\\w.+-]{1,50}$',
        description: 'With `url`: the version, e.g. 1.0.0.',
      }),
    ),
  },
  {
    ...strict,
    description:
      "An extension's contribution to a product: a built folder (`dir`), or a script elsewhere (`url` with its `integrity`). Published at every start, not stored in the database.",
  },
);

const Bundle = Type.Object(
  {
    id: Id('The bundle id, fixed by the file.'),
    name: BundleDefinitionBody.properties.name,
    description: Type.Optional(BundleDefinitionBody.properties.description),
    owner: Id("The persona who created it; the bundle is in the persona's organisation."),
    objects: Type.Array(Id('A folder or document of the seed, by its id.'), {
      maxItems: 500,
      description:
        "The folders and documents it holds (not projects), in the owner's organisation and readable by the owner.",
    }),
    accessCode: Type.Optional(
      Type.String({
        ...BundleDefinitionBody.properties.accessCode.anyOf[0],
        description: 'The code copying or pushing it requires; default none.',
      }),
    ),
    status: Type.Optional(
      Type.Union(BundleStatus.anyOf, { description: `${BundleStatus.description} Default DRAFT.` }),
    ),
    externalId: Type.Optional(
      Id("Its id across organisations (pushing names it); default 'ext-' and its id."),
    ),
    installations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Id('The installation id, fixed by the file.'),
            organisation: Id("A sub-organisation of the owner's organisation."),
          },
          strict,
        ),
        {
          description:
            'Where it was pushed (by its owner, an administrator): PUBLISHED or DEPRECATED bundles only.',
        },
      ),
    ),
  },
  {
    ...strict,
    description:
      "A repository bundle (the bundle service's BundleDefinition) over the seed's folders and documents, and its installations.",
  },
);

/** A seed file: what a team's platform holds when an emulator starts on a new database. */
export const SeedFile = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'The JSON Schema, for editors.' })),
    organisations: Type.Optional(Type.Array(Organisation)),
    roles: Type.Optional(Type.Array(Role)),
    groups: Type.Optional(Type.Array(UserGroup)),
    productGroups: Type.Optional(Type.Array(ProductGroup)),
    products: Type.Optional(Type.Array(Product)),
    personas: Type.Optional(Type.Array(Persona)),
    projects: Type.Optional(Type.Array(Project)),
    folders: Type.Optional(Type.Array(Folder)),
    documents: Type.Optional(Type.Array(Document)),
    notifications: Type.Optional(Type.Array(Notification)),
    bundles: Type.Optional(Type.Array(Bundle)),
    extensions: Type.Optional(Type.Array(Extension)),
  },
  {
    ...strict,
    title: '@ics/platform-emulator seed',
    description:
      "Organisations, roles, groups, products, personas (with their preferences), repository content, notifications, bundles and extensions' contributions for `platform-emulator --seed FILE`. Later files add to or replace earlier ones by id.",
  },
);

/** What a seed file holds (`defineSeed` checks it in TypeScript; the emulator checks it again). */
export type Seed = Static<typeof SeedFile>;

/**
 * Types a seed written in TypeScript, for `startEmulator({ seed })` or `createEmulator({ seed })`:
 * `export default defineSeed({ products: [...], personas: [...] })`. It returns the seed as it is;
 * the emulator checks it when it starts, as it checks a JSON file.
 */
export function defineSeed(seed: Seed): Seed {
  return seed;
}
