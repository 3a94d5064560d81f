/** Entities of the shell's product calls beyond the product fetch (spec §7 'Shell'). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/shellCatalogue.ts';

/** `analytics`: whether usage analytics are on for the user's organisation, and where. */
export type AnalyticsConfig = Of<typeof S.AnalyticsConfig>;

/** Spec §3 'Product with licences': a product the user may open, and whether it is licensed. */
export type ProductWithLicenses = Of<typeof S.ProductWithLicenses>;

/** `UserProductsInfo`: the products the signed-in user may open. */
export type UserProductsInfo = Of<typeof S.UserProductsInfo>;

/** `getTrialUrlIfEnabled`: where to start a free trial of a product, if one may be started. */
export type TrialUrl = Of<typeof S.TrialUrl>;
