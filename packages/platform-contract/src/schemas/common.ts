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
    serviceUrls: map(storable(), storable(), {
      description:
        'Base URL per service config key (`identity-service` → `https://…/identity-service/api/v1`).',
    }),
    identityHomePath: storable({
      description: 'Where the browser goes on an unauthenticated reply (PC-2.1).',
    }),
    identityLogoutPath: storable({
      description: 'Where the browser goes after logout (PC-2.2).',
    }),
    saasBaseURL: Type.Optional(
      storable({ description: 'Base of the SaaS login host; required by `saasLogout`.' }),
    ),
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
    id: storable(),
    userName: storable(),
    displayName: storable(),
    orgId: storable(),
    currentOrgId: storable(),
    parentOrgId: storable(),
    effectivePrivileges: Type.Array(storable()),
    locale: Type.Optional(
      storable({ description: "BCP 47 tag of the user's preferred language, when set." }),
    ),
  },
  { additionalProperties: false, description: about.UserSession },
);
export type UserSession = Of<typeof UserSession>;

/** A product of the registry, as the shell returns it. */
export const ProductRegistryProduct = Type.Object(
  {
    uniqueName: storable(),
    productRegistryItemType: Type.Optional(storable()),
    label: Type.Optional(storable()),
    defaultLabel: Type.Optional(storable()),
    description: Type.Optional(storable()),
    defaultTooltip: Type.Optional(storable()),
    iconUrl: Type.Optional(storable()),
    indexPageUrl: Type.Optional(storable()),
    openInNewWindow: Type.Optional(Type.Boolean()),
    learnMorePageUrl: Type.Optional(storable()),
    needLicense: Type.Optional(Type.Boolean()),
    localeResourceUrl: Type.Optional(
      storable({
        description:
          "Folder of the product's translation bundles; the file is `<this><lang>/translation.json`.",
      }),
    ),
    trial: Type.Optional(
      Type.Object(
        { daysLeft: Type.Number(), tryNowUrl: Type.Optional(storable()) },
        {
          additionalProperties: false,
          description:
            "Present while the user's organisation evaluates the product (decision: docs/spec-coverage.md).",
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
    uniqueName: storable(),
    productRegistryItemType: Type.Literal('productGroup'),
    label: Type.Optional(storable()),
    defaultLabel: Type.Optional(storable()),
    localeResourceUrl: Type.Optional(storable()),
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
    licensedProducts: Type.Array(storable()),
    preferredProduct: Type.Optional(
      Type.Union([Type.Object({ uniqueName: storable() }, closed), Type.Null()]),
    ),
    userProducts: Type.Array(ProductRegistryItem),
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
  { fullyQualifiedName: text(255), value: storable({ maxLength: 4000 }) },
  { additionalProperties: false, description: about.UserPreference },
);
export type UserPreference = Of<typeof UserPreference>;
