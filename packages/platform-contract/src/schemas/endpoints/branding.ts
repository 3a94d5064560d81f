import { key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import {
  AppBranding,
  NewTheme,
  OrgAndParentOrgBranding,
  OrgBranding,
  OrgBrandingForm,
  Theme,
} from '../branding.ts';
import { odataQuery } from '../odata.ts';
import { ODataCollection } from '../common.ts';

/** Inputs and answers of the branding endpoints. */
export const branding = {
  getAppBranding: { response: AppBranding },
  getOrgBranding: { response: OrgBranding },
  getOrgAndParentOrgBranding: { response: OrgAndParentOrgBranding },
  getThemes: { query: odataQuery(['id', 'name', 'orgId']), response: ODataCollection(Theme) },
  getTheme: { params: Type.Object({ themeId: key() }, closed), response: Theme },
  createTheme: { body: NewTheme, response: Theme },
  saveOrgBranding: {
    body: OrgBrandingForm,
    bodyType: 'multipart/form-data',
    response: OrgBranding,
  },
} satisfies Record<string, EndpointSchemas>;
