import { key, storable } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { ProductContributionList } from '../token.ts';

/** Inputs and answers of the auth endpoints. */
export const auth = {
  keepAlive: {},
  selectOrg: { body: Type.Object({ orgId: key() }, closed) },
  saasLogout: {},
  getProductContribution: {
    params: Type.Object({ id: storable({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }) }, closed),
    response: ProductContributionList,
  },
} satisfies Record<string, EndpointSchemas>;
