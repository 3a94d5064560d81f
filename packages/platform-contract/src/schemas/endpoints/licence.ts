import { key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { EffectiveLicenses, LicenseViews } from '../licence.ts';

const OrgKey = Type.Object({ orgId: key() }, closed);

/** Inputs and answers of the licence endpoints. */
export const licence = {
  getEffectiveLicenses: { params: OrgKey, response: EffectiveLicenses },
  getViews: { params: OrgKey, response: LicenseViews },
} satisfies Record<string, EndpointSchemas>;
