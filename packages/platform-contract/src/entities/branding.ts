/** Entities of the branding service (spec: platform-client.md §3 'Branding'). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/branding.ts';

/** A theme. `value` is a JSON text of an object of design variables (`{"primary":"#0a6"}`). */
export type Theme = Of<typeof S.Theme>;

/** Body of `POST Themes`: `value` must be JSON of an object whose values are strings or numbers. */
export type NewTheme = Of<typeof S.NewTheme>;

/** Where the logo sits in the header. */
export type LogoPosition = Of<typeof S.LogoPosition>;

/** A brand: theme, custom theme, logo, favicon, logo position and variables. */
export type Brand = Of<typeof S.Brand>;

/** The branding of the platform (`AppBranding`). */
export type AppBranding = Of<typeof S.AppBranding>;

/** The branding of one organisation; `brand` is `null` when it has none of its own. */
export type OrgBranding = Of<typeof S.OrgBranding>;

/** `OrgAndParentOrgBranding`: `parentOrg` is `null` for a top-level organisation. */
export type OrgAndParentOrgBranding = Of<typeof S.OrgAndParentOrgBranding>;

/**
 * The `branding` part of the `POST OrgBranding` form (sent as JSON text beside the `logo` file).
 * Absent fields keep their current value.
 */
export type OrgBrandingInput = Of<typeof S.OrgBrandingInput>;
