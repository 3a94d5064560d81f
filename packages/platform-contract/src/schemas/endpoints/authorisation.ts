import { key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { AccountUrl, ClientAttributes } from '../authorisation.ts';

/** Inputs and answers of the authorisation endpoints. */
export const authorisation = {
  getClientAttributes: {
    params: Type.Object({ clientId: key() }, closed),
    response: ClientAttributes,
  },
  getUpgradeUrl: {
    query: Type.Object({ productName: Type.Optional(key()) }, closed),
    response: AccountUrl,
  },
  getBillingUrl: { response: AccountUrl },
} satisfies Record<string, EndpointSchemas>;
