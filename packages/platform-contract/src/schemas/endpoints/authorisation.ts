import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { AccountUrl, ClientAttributes } from '../authorisation.ts';

/** Inputs and answers of the authorisation endpoints. */
export const authorisation = {
  getClientAttributes: {
    params: Type.Object({ clientId: Type.String() }, closed),
    response: ClientAttributes,
  },
  getUpgradeUrl: {
    query: Type.Object({ productName: Type.Optional(Type.String()) }, closed),
    response: AccountUrl,
  },
  getBillingUrl: { response: AccountUrl },
} satisfies Record<string, EndpointSchemas>;
