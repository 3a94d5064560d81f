/** Entities of the branding service (spec: platform-client.md §3 'Branding'). */

/** A theme. `value` is a JSON text of an object of design variables (`{"primary":"#0a6"}`). */
export interface Theme {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  /** `null` for the platform's built-in themes. */
  readonly orgId: string | null;
}

/** Body of `POST Themes`: `value` must be JSON of an object whose values are strings or numbers. */
export interface NewTheme {
  readonly name: string;
  readonly value: string;
}

/** Where the logo sits in the header. */
export type LogoPosition = 'left' | 'center' | 'right';

/** A brand: theme, custom theme, logo, favicon, logo position and variables. */
export interface Brand {
  readonly theme: Theme | null;
  /** JSON text of design variables overriding the theme's, or `null`. */
  readonly customTheme: string | null;
  readonly logoAccessUrl: string | null;
  readonly faviconAccessUrl: string | null;
  readonly logoPosition: LogoPosition;
  readonly variables: Readonly<Record<string, string>>;
}

/** The branding of the platform (`AppBranding`). */
export interface AppBranding {
  readonly brand: Brand;
}

/** The branding of one organisation; `brand` is `null` when it has none of its own. */
export interface OrgBranding {
  readonly orgId: string;
  readonly brand: Brand | null;
}

/** `OrgAndParentOrgBranding`: `parentOrg` is `null` for a top-level organisation. */
export interface OrgAndParentOrgBranding {
  readonly org: OrgBranding;
  readonly parentOrg: OrgBranding | null;
}

/**
 * The `branding` part of the `POST OrgBranding` form (sent as JSON text beside the `logo` file).
 * Absent fields keep their current value.
 */
export interface OrgBrandingInput {
  readonly themeId?: string | null;
  readonly customTheme?: string | null;
  readonly logoPosition?: LogoPosition;
  readonly variables?: Readonly<Record<string, string>>;
}
