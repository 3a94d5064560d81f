/** Entities of the shell's product calls beyond the product fetch (spec §7 'Shell'). */
import { Type } from '@sinclair/typebox';
import { storable } from './primitives.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** `analytics`: whether usage analytics are on for the user's organisation, and where. */
export const AnalyticsConfig = Type.Object(
  {
    /** Whether usage analytics are collected for the organisation. */
    enabled: Type.Boolean(),
    /** The analytics site id; present when enabled. */
    siteId: Type.Optional(storable()),
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
    /** The product's unique name, e.g. `dataIntegration`. */
    uniqueName: storable(),
    /** Address of the product's start page. */
    indexPageUrl: storable(),
    /** Whether the organisation holds a licence for the product. */
    licensed: Type.Boolean(),
    /** Days left while the organisation evaluates the product. */
    trialDaysLeft: Type.Optional(Type.Number()),
  },
  {
    additionalProperties: false,
    description: about.ProductWithLicenses,
  },
);
export type ProductWithLicenses = Of<typeof ProductWithLicenses>;

/** `UserProductsInfo`: the products the signed-in user may open. */
export const UserProductsInfo = Type.Object(
  {
    /** The signed-in user's id. */
    userId: storable(),
    /** Id of the user's current organisation. */
    orgId: storable(),
    /** The products the user may open, in the order they are shown. */
    products: Type.Array(ProductWithLicenses),
  },
  {
    additionalProperties: false,
    description: about.UserProductsInfo,
  },
);
export type UserProductsInfo = Of<typeof UserProductsInfo>;

/** `getTrialUrlIfEnabled`: where to start a free trial of a product, if one may be started. */
export const TrialUrl = Type.Object(
  {
    /** Unique name of the product the trial is for. */
    productName: storable(),
    /** Whether a trial may be started; when `false`, there is no `trialUrl`. */
    enabled: Type.Boolean(),
    /** Present when `enabled`. */
    trialUrl: Type.Optional(storable()),
  },
  {
    additionalProperties: false,
    description: about.TrialUrl,
  },
);
export type TrialUrl = Of<typeof TrialUrl>;
