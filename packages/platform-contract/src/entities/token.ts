/** Entities of the token, logout and extension calls (spec: platform-client.md §3, §7). */

/** The answer of `jwt/Token`, `jwt/Renew` and `jwt/Renew2`. */
export interface JwtTokenResponse {
  /** A signed JWT whose claims carry `exp`, `iat`, `nonce`, `client_id`, `org_id`, `user_id`. */
  readonly jwt_token: string;
  /** When the browser session itself ends, as an ISO 8601 time (informational). */
  readonly session_expiry: string;
}

/** Query of `jwt/Token`. */
export interface JwtTokenQuery {
  readonly client_id: string;
  readonly nonce: string;
  readonly access_code: string;
}

/** Decoded claims of the platform's JWT. */
export interface JwtClaims {
  readonly exp: number;
  readonly iat: number;
  readonly nonce: string;
  readonly client_id: string;
  readonly org_id: string;
  readonly user_id: string;
}

/** One script of a product contribution: the primary address and the fallback. */
export interface ContributionScript {
  readonly resourceUrl: string;
  readonly fallbackUrl?: string;
}

/** Where a contribution may be loaded. */
export type SupportedTarget = 'Droplets Shell' | 'Both' | (string & {});

/** A product contribution: an extension the shell loads (spec §3). */
export interface ProductContribution {
  readonly resourceName: string;
  /** Semantic version `major.minor.patch` of the extension. */
  readonly version: string;
  readonly supportedTarget: SupportedTarget;
  readonly publicPath: string;
  readonly js: readonly ContributionScript[];
  readonly runtimeDependencies: readonly string[];
}

/** The answer of `ProductContribution({id})`. */
export interface ProductContributionList {
  readonly value: readonly ProductContribution[];
  /** Planned end of a maintenance window (ISO 8601), appended to script URLs (PC-9.12). */
  readonly maintenanceWindowEnd?: string;
  /** When true, each script has a hard time-out (PC-9.5). */
  readonly zeroDowntime?: boolean;
}
