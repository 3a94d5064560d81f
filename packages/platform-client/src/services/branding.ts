import {
  type AppBranding,
  type ODataCollection,
  type ODataQuery,
  type OrgAndParentOrgBranding,
  type OrgBranding,
  type OrgBrandingInput,
  type Theme,
  brandingEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The branding service: platform, organisation and parent branding; themes; logo upload. */
export interface BrandingService {
  /** The platform's own branding (`GET AppBranding`). */
  getAppBranding(options?: CallOptions): Promise<AppBranding>;
  /** The signed-in user's organisation's branding; `brand` is `null` when it has none. */
  getOrgBranding(options?: CallOptions): Promise<OrgBranding>;
  /** The organisation's branding and its parent's (`parentOrg: null` for a top-level one). */
  getOrgAndParentOrgBranding(options?: CallOptions): Promise<OrgAndParentOrgBranding>;
  /** Built-in themes and the organisation's own, with OData options. */
  getThemes(query?: ODataQuery, options?: CallOptions): Promise<ODataCollection<Theme>>;
  /** One theme (`GET Themes({id})`). */
  getTheme(themeId: string, options?: CallOptions): Promise<Theme>;
  /**
   * Creates a theme of the organisation; administrators only. `value` is JSON text of an
   * object of design variables; anything else is refused with a 400.
   */
  createTheme(theme: { name: string; value: string }, options?: CallOptions): Promise<Theme>;
  /**
   * Saves the organisation's branding as a multipart form (`POST OrgBranding`): `branding`
   * as JSON text, and `logo` when given (PNG, JPEG, GIF or WebP, at most 512 KiB). The answer's
   * `brand.logoAccessUrl` is where the logo is then served. Administrators only.
   */
  saveOrgBranding(
    upload: { branding?: OrgBrandingInput; logo?: Blob; logoFileName?: string },
    options?: CallOptions,
  ): Promise<OrgBranding>;
}

export function brandingService(binder: Binder): BrandingService {
  const b = brandingEndpoints;
  const call = {
    getAppBranding: binder.bind(b.getAppBranding),
    getOrgBranding: binder.bind(b.getOrgBranding),
    getOrgAndParentOrgBranding: binder.bind(b.getOrgAndParentOrgBranding),
    getThemes: binder.bind(b.getThemes),
    getTheme: binder.bind(b.getTheme),
    createTheme: binder.bind(b.createTheme),
    saveOrgBranding: binder.bind(b.saveOrgBranding),
  };
  return {
    getAppBranding: (options = {}) => call.getAppBranding(options),
    getOrgBranding: (options = {}) => call.getOrgBranding(options),
    getOrgAndParentOrgBranding: (options = {}) => call.getOrgAndParentOrgBranding(options),
    getThemes: (query = {}, options = {}) => call.getThemes({ query, ...options }),
    getTheme: (themeId, options = {}) => call.getTheme({ params: { themeId }, ...options }),
    createTheme: (body, options = {}) => call.createTheme({ body, ...options }),
    saveOrgBranding: ({ branding, logo, logoFileName = 'logo' }, options = {}) => {
      const form = new FormData();
      if (branding !== undefined) form.set('branding', JSON.stringify(branding));
      if (logo !== undefined) form.set('logo', logo, logoFileName);
      return call.saveOrgBranding({ body: form, ...options });
    },
  };
}
