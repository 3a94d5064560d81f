/** Entities of the shell's product calls beyond the product fetch (spec §7 'Shell'). */

/** `analytics`: whether usage analytics are on for the user's organisation, and where. */
export interface AnalyticsConfig {
  readonly enabled: boolean;
  /** The analytics site id; present when enabled. */
  readonly siteId?: string;
}

/** Spec §3 'Product with licences': a product the user may open, and whether it is licensed. */
export interface ProductWithLicenses {
  readonly uniqueName: string;
  readonly indexPageUrl: string;
  readonly licensed: boolean;
  /** Days left while the organisation evaluates the product. */
  readonly trialDaysLeft?: number;
}

/** `UserProductsInfo`: the products the signed-in user may open. */
export interface UserProductsInfo {
  readonly userId: string;
  readonly orgId: string;
  readonly products: readonly ProductWithLicenses[];
}

/** `getTrialUrlIfEnabled`: where to start a free trial of a product, if one may be started. */
export interface TrialUrl {
  readonly productName: string;
  readonly enabled: boolean;
  /** Present when `enabled`. */
  readonly trialUrl?: string;
}
