import type { EndpointSchemas } from '../endpointSchemas.ts';
import { UserSession } from '../common.ts';

/** Inputs and answers of the session endpoints. */
export const session = {
  getUser: { response: UserSession },
  logout: {},
} satisfies Record<string, EndpointSchemas>;
