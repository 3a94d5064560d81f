/** Entities of the platform API (spec: platform-client.md §3, switcher-widget.md §3). */

/** An OData collection as the services return it. */
export interface ODataCollection<T> {
  readonly value: readonly T[];
  /** Present when `$count=true` was asked for. */
  readonly '@odata.count'?: number;
}

/** The JSON body of every error answer of the platform. */
export interface ApiErrorBody {
  readonly error: {
    /** Stable machine-readable code, e.g. `SS_001` for an ended session, `VALIDATION` for bad input. */
    readonly code: string;
    readonly message: string;
    /** For validation errors: where in the request the problem is, e.g. `body.value`. */
    readonly details?: readonly { readonly target: string; readonly message: string }[];
  };
}

/** The shell's `config`: where each backend lives and the page-level paths. */
export interface ShellConfig {
  /** Base URL per service config key (`identity-service` → `https://…/identity-service/api/v1`). */
  readonly serviceUrls: Readonly<Record<string, string>>;
  /** Where the browser goes on an unauthenticated reply (PC-2.1). */
  readonly identityHomePath: string;
  /** Where the browser goes after logout (PC-2.2). */
  readonly identityLogoutPath: string;
  /** Base of the SaaS login host; required by `saasLogout`. */
  readonly saasBaseURL?: string;
}

/** The signed-in user's session (`session/User`). */
export interface UserSession {
  readonly id: string;
  readonly userName: string;
  readonly displayName: string;
  readonly orgId: string;
  readonly currentOrgId: string;
  readonly parentOrgId: string;
  readonly effectivePrivileges: readonly string[];
  /** BCP 47 tag of the user's preferred language, when set. */
  readonly locale?: string;
}

/** A product of the registry, as the shell returns it. */
export interface ProductRegistryProduct {
  readonly uniqueName: string;
  readonly productRegistryItemType?: string;
  readonly label?: string;
  readonly defaultLabel?: string;
  readonly description?: string;
  readonly defaultTooltip?: string;
  readonly iconUrl?: string;
  readonly indexPageUrl?: string;
  readonly openInNewWindow?: boolean;
  readonly learnMorePageUrl?: string;
  readonly needLicense?: boolean;
  /** Folder of the product's translation bundles; the file is `<this><lang>/translation.json`. */
  readonly localeResourceUrl?: string;
  /** Present while the user's organisation evaluates the product (decision: docs/spec-coverage.md). */
  readonly trial?: { readonly daysLeft: number; readonly tryNowUrl?: string };
}

/** A registry item of type `productGroup`, holding products. */
export interface ProductRegistryGroup {
  readonly uniqueName: string;
  readonly productRegistryItemType: 'productGroup';
  readonly label?: string;
  readonly defaultLabel?: string;
  readonly localeResourceUrl?: string;
  readonly products: readonly ProductRegistryProduct[];
}

export type ProductRegistryItem = ProductRegistryGroup | ProductRegistryProduct;

/** The answer of the product fetch the switcher makes (`ProductsWithLicenses`). */
export interface ProductsWithLicenses {
  readonly licensedProducts: readonly string[];
  readonly preferredProduct?: { readonly uniqueName: string } | null;
  readonly userProducts: readonly ProductRegistryItem[];
  readonly allProducts: readonly ProductRegistryItem[];
}

/** A user or organisation preference. */
export interface UserPreference {
  readonly fullyQualifiedName: string;
  readonly value: string;
}

/** The preference key under which the switcher keeps the user's default service. */
export const DEFAULT_SERVICE_PREFERENCE = 'ProductSwitcher.defaultService';
