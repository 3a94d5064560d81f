/** Entities of the branding service (spec: platform-client.md §3 'Branding'). */
import { key, map, personName, storable } from './primitives.ts';
import { Type, type StringOptions } from '@sinclair/typebox';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** A theme. `value` is a JSON text of an object of design variables (`{"primary":"#0a6"}`). */
export const Theme = Type.Object(
  {
    /** The theme's id. */
    id: storable(),
    /** The theme's name as users see it. */
    name: storable(),
    /** JSON text of the theme's design variables, e.g. `{"primary":"#0a6"}`. */
    value: storable(),
    /** `null` for the platform's built-in themes. */
    orgId: Type.Union([storable(), Type.Null()]),
  },
  {
    additionalProperties: false,
    description: about.Theme,
  },
);
export type Theme = Of<typeof Theme>;

/**
 * Design variables: at most 100, each named like `primary` or `header.background` and valued
 * with a number or a text of at most 200 characters.
 */
export const DesignVariables = map(
  storable({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' }),
  Type.Union([storable({ maxLength: 200 }), Type.Number()]),
  { maxProperties: 100, description: about.DesignVariables },
);
export type DesignVariables = Of<typeof DesignVariables>;

/** JSON text of `DesignVariables` (a theme's value, a custom theme). */
const designVariablesText = (maxLength: number, options?: StringOptions) =>
  storable({
    maxLength,
    contentMediaType: 'application/json',
    contentSchema: DesignVariables,
    ...options,
  });

/** Body of `POST Themes`: `value` is JSON text of `DesignVariables`. */
export const NewTheme = Type.Object(
  {
    /** The new theme's name as users see it. */
    name: personName(),
    /** JSON text of its `DesignVariables`, at most 10,000 characters. */
    value: designVariablesText(10000),
  },
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
    /** The theme the brand starts from, or `null` for the platform's default look. */
    theme: Type.Union([Theme, Type.Null()]),
    /** JSON text of design variables overriding the theme's, or `null`. */
    customTheme: Type.Union([storable(), Type.Null()]),
    /** Address the logo image is fetched from, or `null` when there is no logo. */
    logoAccessUrl: Type.Union([storable(), Type.Null()]),
    /** Address the favicon is fetched from, or `null` for the platform's. */
    faviconAccessUrl: Type.Union([storable(), Type.Null()]),
    /** Where the logo sits in the header. */
    logoPosition: LogoPosition,
    /** Further named texts of the brand (e.g. a product name), by name. */
    variables: map(storable(), storable()),
  },
  {
    additionalProperties: false,
    description: about.Brand,
  },
);
export type Brand = Of<typeof Brand>;

/** The branding of the platform (`AppBranding`). */
export const AppBranding = Type.Object(
  {
    /** The platform's own brand, shown where an organisation has none. */
    brand: Brand,
  },
  { additionalProperties: false, description: about.AppBranding },
);
export type AppBranding = Of<typeof AppBranding>;

/** The branding of one organisation; `brand` is `null` when it has none of its own. */
export const OrgBranding = Type.Object(
  {
    /** Id of the organisation. */
    orgId: storable(),
    /** Its own brand, or `null` when it uses its parent's or the platform's. */
    brand: Type.Union([Brand, Type.Null()]),
  },
  {
    additionalProperties: false,
    description: about.OrgBranding,
  },
);
export type OrgBranding = Of<typeof OrgBranding>;

/** `OrgAndParentOrgBranding`: `parentOrg` is `null` for a top-level organisation. */
export const OrgAndParentOrgBranding = Type.Object(
  {
    /** The organisation's branding. */
    org: OrgBranding,
    /** Its parent's branding, or `null` for a top-level organisation. */
    parentOrg: Type.Union([OrgBranding, Type.Null()]),
  },
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
    /** Id of the theme to start from, or `null` for none; absent keeps the current one. */
    themeId: Type.Optional(Type.Union([key(), Type.Null()])),
    /** JSON text of design variables overriding the theme's (at most 10,000 characters), or `null` to remove them. */
    customTheme: Type.Optional(Type.Union([designVariablesText(10000), Type.Null()])),
    /** Where the logo sits in the header; absent keeps the current position. */
    logoPosition: Type.Optional(LogoPosition),
    /** Named texts of the brand (at most 50, each at most 500 characters); replace the current ones. */
    variables: Type.Optional(
      map(storable({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' }), storable({ maxLength: 500 }), {
        maxProperties: 50,
      }),
    ),
  },
  {
    additionalProperties: false,
    description: about.OrgBrandingInput,
  },
);
export type OrgBrandingInput = Of<typeof OrgBrandingInput>;

/**
 * The `POST OrgBranding` form: a `branding` field (JSON text of `OrgBrandingInput`), a `logo`
 * file (PNG, JPEG, GIF or WebP by its first bytes, 1 byte to 512 KiB; SVG is refused), or both;
 * no other field, none twice.
 */
export const OrgBrandingForm = Type.Unsafe<FormData>(
  Type.Object(
    {
      branding: Type.Optional(
        storable({
          maxLength: 20000,
          contentMediaType: 'application/json',
          contentSchema: OrgBrandingInput,
          description: 'JSON text of `OrgBrandingInput`.',
        }),
      ),
      logo: Type.Optional(
        Type.Unsafe<Blob>({
          type: 'string',
          format: 'binary',
          description: 'PNG, JPEG, GIF or WebP, 1 byte to 512 KiB.',
        }),
      ),
    },
    { additionalProperties: false, minProperties: 1, description: about.OrgBrandingForm },
  ),
);
