import type { EndpointSchemas } from '../endpointSchemas.ts';
import { IdentityUser, NewUser, UserDeletion, UserDeletionResult } from '../identity.ts';

/** Inputs and answers of the users endpoints. */
export const users = {
  addUser: {
    body: NewUser,
    response: IdentityUser,
  },
  deleteUsers: { body: UserDeletion, response: UserDeletionResult },
} satisfies Record<string, EndpointSchemas>;
