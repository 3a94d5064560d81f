/** Entities of the shell's product calls beyond the product fetch (spec §7 'Shell'). */
import { Type } from '@sinclair/typebox';
import { storable } from './primitives.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** `analytics`: whether usage analytics are on for the user's organisation, and where. */
export const AnalyticsConfig = Type.Object(
  {
    enabled: Type.Boolean(),
    siteId: Type.Optional(
      storable({ description: 'The analytics site id; present when enabled.' }),
    ),
  },
  {
    additionalProperties: false,
    description: about.AnalyticsConfig,
  },
);
export type AnalyticsConfig = Of<typeof AnalyticsConfig>;

/** Spec §3 'Product with licences': a product the user may open, and whether it is licensed. */
export const ProductWithLicenses = Type.Object(
  {
    uniqueName: storable(),
    indexPageUrl: storable(),
    licensed: Type.Boolean(),
    trialDaysLeft: Type.Optional(
      Type.Number({ description: 'Days left while the organisation evaluates the product.' }),
    ),
  },
  {
    additionalProperties: false,
    description: about.ProductWithLicenses,
  },
);
export type ProductWithLicenses = Of<typeof ProductWithLicenses>;

/** `UserProductsInfo`: the products the signed-in user may open. */
export const UserProductsInfo = Type.Object(
  { userId: storable(), orgId: storable(), products: Type.Array(ProductWithLicenses) },
  {
    additionalProperties: false,
    description: about.UserProductsInfo,
  },
);
export type UserProductsInfo = Of<typeof UserProductsInfo>;

/** `getTrialUrlIfEnabled`: where to start a free trial of a product, if one may be started. */
export const TrialUrl = Type.Object(
  {
    productName: storable(),
    enabled: Type.Boolean(),
    trialUrl: Type.Optional(storable({ description: 'Present when `enabled`.' })),
  },
  {
    additionalProperties: false,
    description: about.TrialUrl,
  },
);
export type TrialUrl = Of<typeof TrialUrl>;
