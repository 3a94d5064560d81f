/** Entities of the platform API (spec: platform-client.md §3, switcher-widget.md §3). */
import { text } from './primitives.ts';
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
        code: Type.String({
          description:
            'Stable machine-readable code, e.g. `SS_001` for an ended session, `VALIDATION` for bad input.',
        }),
        message: Type.String(),
        details: Type.Optional(
          Type.Array(Type.Object({ target: Type.String(), message: Type.String() }, closed), {
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
    serviceUrls: Type.Record(Type.String(), Type.String(), {
      description:
        'Base URL per service config key (`identity-service` → `https://…/identity-service/api/v1`).',
    }),
    identityHomePath: Type.String({
      description: 'Where the browser goes on an unauthenticated reply (PC-2.1).',
    }),
    identityLogoutPath: Type.String({
      description: 'Where the browser goes after logout (PC-2.2).',
    }),
    saasBaseURL: Type.Optional(
      Type.String({ description: 'Base of the SaaS login host; required by `saasLogout`.' }),
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
    id: Type.String(),
    userName: Type.String(),
    displayName: Type.String(),
    orgId: Type.String(),
    currentOrgId: Type.String(),
    parentOrgId: Type.String(),
    effectivePrivileges: Type.Array(Type.String()),
    locale: Type.Optional(
      Type.String({ description: "BCP 47 tag of the user's preferred language, when set." }),
    ),
  },
  { additionalProperties: false, description: about.UserSession },
);
export type UserSession = Of<typeof UserSession>;

/** A product of the registry, as the shell returns it. */
export const ProductRegistryProduct = Type.Object(
  {
    uniqueName: Type.String(),
    productRegistryItemType: Type.Optional(Type.String()),
    label: Type.Optional(Type.String()),
    defaultLabel: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    defaultTooltip: Type.Optional(Type.String()),
    iconUrl: Type.Optional(Type.String()),
    indexPageUrl: Type.Optional(Type.String()),
    openInNewWindow: Type.Optional(Type.Boolean()),
    learnMorePageUrl: Type.Optional(Type.String()),
    needLicense: Type.Optional(Type.Boolean()),
    localeResourceUrl: Type.Optional(
      Type.String({
        description:
          "Folder of the product's translation bundles; the file is `<this><lang>/translation.json`.",
      }),
    ),
    trial: Type.Optional(
      Type.Object(
        { daysLeft: Type.Number(), tryNowUrl: Type.Optional(Type.String()) },
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
    uniqueName: Type.String(),
    productRegistryItemType: Type.Literal('productGroup'),
    label: Type.Optional(Type.String()),
    defaultLabel: Type.Optional(Type.String()),
    localeResourceUrl: Type.Optional(Type.String()),
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
    licensedProducts: Type.Array(Type.String()),
    preferredProduct: Type.Optional(
      Type.Union([Type.Object({ uniqueName: Type.String() }, closed), Type.Null()]),
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
  { fullyQualifiedName: text(255), value: Type.String({ maxLength: 4000 }) },
  { additionalProperties: false, description: about.UserPreference },
);
export type UserPreference = Of<typeof UserPreference>;
