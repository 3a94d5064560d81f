import { key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { Form } from '../binary.ts';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { AppBranding, NewTheme, OrgAndParentOrgBranding, OrgBranding, Theme } from '../branding.ts';
import { ODataQuery } from '../odata.ts';
import { ODataCollection } from '../common.ts';

/** Inputs and answers of the branding endpoints. */
export const branding = {
  getAppBranding: { response: AppBranding },
  getOrgBranding: { response: OrgBranding },
  getOrgAndParentOrgBranding: { response: OrgAndParentOrgBranding },
  getThemes: { query: ODataQuery, response: ODataCollection(Theme) },
  getTheme: { params: Type.Object({ themeId: key() }, closed), response: Theme },
  createTheme: { body: NewTheme, response: Theme },
  saveOrgBranding: { body: Form, bodyType: 'multipart/form-data', response: OrgBranding },
} satisfies Record<string, EndpointSchemas>;
