import { endpoint } from '../endpoint.ts';
import type { branding as S } from '../schemas/endpoints/branding.ts';

/** The platform's and the organisations' branding: themes, custom themes, logos. */
export const brandingEndpoints = {
  getAppBranding: endpoint<typeof S.getAppBranding>()({
    backend: 'branding',
    method: 'GET',
    path: '/AppBranding',
  }),
  /** The branding of the signed-in user's organisation. */
  getOrgBranding: endpoint<typeof S.getOrgBranding>()({
    backend: 'branding',
    method: 'GET',
    path: '/OrgBranding',
  }),
  getOrgAndParentOrgBranding: endpoint<typeof S.getOrgAndParentOrgBranding>()({
    backend: 'branding',
    method: 'GET',
    path: '/OrgAndParentOrgBranding',
  }),
  /** Built-in themes and the organisation's own. */
  getThemes: endpoint<typeof S.getThemes>()({
    backend: 'branding',
    method: 'GET',
    path: '/Themes',
  }),
  getTheme: endpoint<typeof S.getTheme>()({
    backend: 'branding',
    method: 'GET',
    path: '/Themes({themeId})',
  }),
  /** Creates a theme of the organisation; administrators only. Invalid theme JSON answers 400. */
  createTheme: endpoint<typeof S.createTheme>()({
    backend: 'branding',
    method: 'POST',
    path: '/Themes',
    access: 'admin',
  }),
  /**
   * Saves the organisation's branding; administrators only. Multipart form: `branding` (JSON
   * text of `OrgBrandingInput`) and an optional `logo` file (PNG, JPEG, GIF or WebP, ≤ 512 KiB).
   */
  saveOrgBranding: endpoint<typeof S.saveOrgBranding>()({
    backend: 'branding',
    method: 'POST',
    path: '/OrgBranding',
    access: 'admin',
  }),
};
