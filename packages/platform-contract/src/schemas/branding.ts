/** Entities of the branding service (spec: platform-client.md §3 'Branding'). */
import { key, personName } from './primitives.ts';
import { Type } from '@sinclair/typebox';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** A theme. `value` is a JSON text of an object of design variables (`{"primary":"#0a6"}`). */
export const Theme = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    value: Type.String(),
    orgId: Type.Union([Type.String(), Type.Null()], {
      description: "`null` for the platform's built-in themes.",
    }),
  },
  {
    additionalProperties: false,
    description: about.Theme,
  },
);
export type Theme = Of<typeof Theme>;

/** Body of `POST Themes`: `value` must be JSON of an object whose values are strings or numbers. */
export const NewTheme = Type.Object(
  { name: personName(), value: Type.String({ minLength: 2, maxLength: 10000 }) },
  {
    additionalProperties: false,
    description: about.NewTheme,
  },
);
export type NewTheme = Of<typeof NewTheme>;

/** Where the logo sits in the header. */
export const LogoPosition = Type.Union(
  [Type.Literal('left'), Type.Literal('center'), Type.Literal('right')],
  { description: about.LogoPosition },
);
export type LogoPosition = Of<typeof LogoPosition>;

/** A brand: theme, custom theme, logo, favicon, logo position and variables. */
export const Brand = Type.Object(
  {
    theme: Type.Union([Theme, Type.Null()]),
    customTheme: Type.Union([Type.String(), Type.Null()], {
      description: "JSON text of design variables overriding the theme's, or `null`.",
    }),
    logoAccessUrl: Type.Union([Type.String(), Type.Null()]),
    faviconAccessUrl: Type.Union([Type.String(), Type.Null()]),
    logoPosition: LogoPosition,
    variables: Type.Record(Type.String(), Type.String()),
  },
  {
    additionalProperties: false,
    description: about.Brand,
  },
);
export type Brand = Of<typeof Brand>;

/** The branding of the platform (`AppBranding`). */
export const AppBranding = Type.Object(
  { brand: Brand },
  { additionalProperties: false, description: about.AppBranding },
);
export type AppBranding = Of<typeof AppBranding>;

/** The branding of one organisation; `brand` is `null` when it has none of its own. */
export const OrgBranding = Type.Object(
  { orgId: Type.String(), brand: Type.Union([Brand, Type.Null()]) },
  {
    additionalProperties: false,
    description: about.OrgBranding,
  },
);
export type OrgBranding = Of<typeof OrgBranding>;

/** `OrgAndParentOrgBranding`: `parentOrg` is `null` for a top-level organisation. */
export const OrgAndParentOrgBranding = Type.Object(
  { org: OrgBranding, parentOrg: Type.Union([OrgBranding, Type.Null()]) },
  {
    additionalProperties: false,
    description: about.OrgAndParentOrgBranding,
  },
);
export type OrgAndParentOrgBranding = Of<typeof OrgAndParentOrgBranding>;

/**
 * The `branding` part of the `POST OrgBranding` form (sent as JSON text beside the `logo` file).
 * Absent fields keep their current value.
 */
export const OrgBrandingInput = Type.Object(
  {
    themeId: Type.Optional(Type.Union([key(), Type.Null()])),
    customTheme: Type.Optional(Type.Union([Type.String({ maxLength: 10000 }), Type.Null()])),
    logoPosition: Type.Optional(LogoPosition),
    variables: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' }),
        Type.String({ maxLength: 500 }),
        { maxProperties: 50 },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: about.OrgBrandingInput,
  },
);
export type OrgBrandingInput = Of<typeof OrgBrandingInput>;
