/** Entities of the platform API (spec: platform-client.md §3, switcher-widget.md §3). */
import { map, storable, text } from './primitives.ts';
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** An OData collection as the services return it: `ODataCollection(Item)`. */
export const ODataCollection = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      value: Type.Array(item),
      '@odata.count': Type.Optional(
        Type.Integer({ minimum: 0, description: 'Present when `$count=true` was asked for.' }),
      ),
    },
    closed,
  );
export type ODataCollection<T> = {
  readonly [K in keyof Collection<T>]: Collection<T>[K] extends (infer U)[]
    ? readonly U[]
    : Collection<T>[K];
};
type Collection<T> = Static<ReturnType<typeof ODataCollection<TUnsafe<T>>>>;

/** The JSON body of every error answer of the platform. */
export const ApiErrorBody = Type.Object(
  {
    /** What went wrong: a stable `code`, a `message` for people and, for bad input, the `details` of each offending field. */
    error: Type.Object(
      {
        code: storable({
          description:
            'Stable machine-readable code, e.g. `SS_001` for an ended session, `VALIDATION` for bad input.',
        }),
        message: storable(),
        details: Type.Optional(
          Type.Array(Type.Object({ target: storable(), message: storable() }, closed), {
            description:
              'For validation errors: where in the request the problem is, e.g. `body.value`.',
          }),
        ),
      },
      closed,
    ),
  },
  {
    additionalProperties: false,
    description: about.ApiErrorBody,
  },
);
export type ApiErrorBody = Of<typeof ApiErrorBody>;

/** The shell's `config`: where each backend lives and the page-level paths. */
export const ShellConfig = Type.Object(
  {
    /** Base URL per service config key (`identity-service` → `https://…/identity-service/api/v1`). */
    serviceUrls: map(storable(), storable()),
    /** Where the browser goes on an unauthenticated reply (PC-2.1). */
    identityHomePath: storable(),
    /** Where the browser goes after logout (PC-2.2). */
    identityLogoutPath: storable(),
    /** Base of the SaaS login host; required by `saasLogout`. */
    saasBaseURL: Type.Optional(storable()),
  },
  {
    additionalProperties: false,
    description: about.ShellConfig,
  },
);
export type ShellConfig = Of<typeof ShellConfig>;

/** The signed-in user's session (`session/User`). */
export const UserSession = Type.Object(
  {
    /** The signed-in user's id. */
    id: storable(),
    /** The name the user signed in with. */
    userName: storable(),
    /** The name shown for the user. */
    displayName: storable(),
    /** Id of the organisation the user belongs to. */
    orgId: storable(),
    /** Id of the organisation the session works in (a sub-organisation switched to, or `orgId`). */
    currentOrgId: storable(),
    /** Id of the parent of the user's organisation; empty for a top-level organisation. */
    parentOrgId: storable(),
    /** Names of the privileges the user holds in the current organisation. */
    effectivePrivileges: Type.Array(storable()),
    /** BCP 47 tag of the user's preferred language, when set. */
    locale: Type.Optional(storable()),
  },
  { additionalProperties: false, description: about.UserSession },
);
export type UserSession = Of<typeof UserSession>;

/** A product of the registry, as the shell returns it. */
export const ProductRegistryProduct = Type.Object(
  {
    /** The product's unique name, e.g. `dataIntegration`. */
    uniqueName: storable(),
    /** The kind of registry item; absent for a plain product. */
    productRegistryItemType: Type.Optional(storable()),
    /** Key of the product's name in the locale resource; absent to use `defaultLabel`. */
    label: Type.Optional(storable()),
    /** The product's name when no translation is found. */
    defaultLabel: Type.Optional(storable()),
    /** A sentence saying what the product does. */
    description: Type.Optional(storable()),
    /** Tooltip shown on the product's entry when no translation is found. */
    defaultTooltip: Type.Optional(storable()),
    /** Address of the product's icon. */
    iconUrl: Type.Optional(storable()),
    /** Address of the product's start page. */
    indexPageUrl: Type.Optional(storable()),
    /** Whether the product opens in a new window or tab instead of the current one; absent means `false`. */
    openInNewWindow: Type.Optional(Type.Boolean()),
    /** Address of a page that tells more about the product. */
    learnMorePageUrl: Type.Optional(storable()),
    /** Whether the product may only be opened with a licence; absent means `false`. */
    needLicense: Type.Optional(Type.Boolean()),
    /** Folder of the product's translation bundles; the file is `<this><lang>/translation.json`. */
    localeResourceUrl: Type.Optional(storable()),
    /** Present while the user's organisation evaluates the product (decision: docs/spec-coverage.md). */
    trial: Type.Optional(
      Type.Object(
        { daysLeft: Type.Number(), tryNowUrl: Type.Optional(storable()) },
        {
          additionalProperties: false,
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: about.ProductRegistryProduct,
  },
);
export type ProductRegistryProduct = Of<typeof ProductRegistryProduct>;

/** A registry item of type `productGroup`, holding products. */
export const ProductRegistryGroup = Type.Object(
  {
    /** The group's unique name. */
    uniqueName: storable(),
    /** Always `productGroup`. */
    productRegistryItemType: Type.Literal('productGroup'),
    /** Key of the group's name in the locale resource; absent to use `defaultLabel`. */
    label: Type.Optional(storable()),
    /** The group's name when no translation is found. */
    defaultLabel: Type.Optional(storable()),
    /** Address of the locale resource holding the group's translated texts. */
    localeResourceUrl: Type.Optional(storable()),
    /** The products of the group, in the order they are shown. */
    products: Type.Array(ProductRegistryProduct),
  },
  {
    additionalProperties: false,
    description: about.ProductRegistryGroup,
  },
);
export type ProductRegistryGroup = Of<typeof ProductRegistryGroup>;

/** One item of the product registry: a product group or a product, told apart by their fields. */
export const ProductRegistryItem = Type.Union([ProductRegistryGroup, ProductRegistryProduct]);
export type ProductRegistryItem = Of<typeof ProductRegistryItem>;

/** The answer of the product fetch the switcher makes (`ProductsWithLicenses`). */
export const ProductsWithLicenses = Type.Object(
  {
    /** Unique names of the products the organisation holds a licence for. */
    licensedProducts: Type.Array(storable()),
    /** The product the user chose as default service, or `null`/absent when none was chosen. */
    preferredProduct: Type.Optional(
      Type.Union([Type.Object({ uniqueName: storable() }, closed), Type.Null()]),
    ),
    /** The registry items the user may open. */
    userProducts: Type.Array(ProductRegistryItem),
    /** Every registry item of the platform, whether or not the user may open it. */
    allProducts: Type.Array(ProductRegistryItem),
  },
  {
    additionalProperties: false,
    description: about.ProductsWithLicenses,
  },
);
export type ProductsWithLicenses = Of<typeof ProductsWithLicenses>;

/** A user or organisation preference. */
export const UserPreference = Type.Object(
  {
    /** The preference's key, at most 255 characters (e.g. `ics.defaultService`). */
    fullyQualifiedName: text(255),
    /** The preference's value as text, at most 4,000 characters. */
    value: storable({ maxLength: 4000 }),
  },
  { additionalProperties: false, description: about.UserPreference },
);
export type UserPreference = Of<typeof UserPreference>;
