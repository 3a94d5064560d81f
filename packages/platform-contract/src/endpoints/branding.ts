import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  AppBranding,
  NewTheme,
  OrgAndParentOrgBranding,
  OrgBranding,
  Theme,
} from '../entities/branding.ts';
import type { ODataQuery } from '../entities/odata.ts';

export const brandingEndpoints = {
  getAppBranding: endpoint<None, None, None, AppBranding>()({
    backend: 'branding',
    method: 'GET',
    path: '/AppBranding',
  }),
  /** The branding of the signed-in user's organisation. */
  getOrgBranding: endpoint<None, None, None, OrgBranding>()({
    backend: 'branding',
    method: 'GET',
    path: '/OrgBranding',
  }),
  getOrgAndParentOrgBranding: endpoint<None, None, None, OrgAndParentOrgBranding>()({
    backend: 'branding',
    method: 'GET',
    path: '/OrgAndParentOrgBranding',
  }),
  /** Built-in themes and the organisation's own. */
  getThemes: endpoint<None, ODataQuery, None, ODataCollection<Theme>>()({
    backend: 'branding',
    method: 'GET',
    path: '/Themes',
  }),
  getTheme: endpoint<{ themeId: string }, None, None, Theme>()({
    backend: 'branding',
    method: 'GET',
    path: '/Themes({themeId})',
  }),
  /** Creates a theme of the organisation; administrators only. Invalid theme JSON answers 400. */
  createTheme: endpoint<None, None, NewTheme, Theme>()({
    backend: 'branding',
    method: 'POST',
    path: '/Themes',
  }),
  /**
   * Saves the organisation's branding; administrators only. Multipart form: `branding` (JSON
   * text of `OrgBrandingInput`) and an optional `logo` file (PNG, JPEG, GIF or WebP, ≤ 512 KiB).
   */
  saveOrgBranding: endpoint<None, None, FormData, OrgBranding>()({
    backend: 'branding',
    method: 'POST',
    path: '/OrgBranding',
  }),
};
