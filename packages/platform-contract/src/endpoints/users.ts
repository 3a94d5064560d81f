import { endpoint, type None } from '../endpoint.ts';
import type {
  IdentityUser,
  NewUser,
  UserDeletion,
  UserDeletionResult,
} from '../entities/identity.ts';

/** User management on the management service; administrators only (PC-6.8). */
export const usersEndpoints = {
  addUser: endpoint<None, None, NewUser, IdentityUser>()({
    backend: 'management',
    method: 'POST',
    path: '/users/add',
  }),
  /** Deletes every listed user, or none of them. */
  deleteUsers: endpoint<None, None, UserDeletion, UserDeletionResult>()({
    backend: 'management',
    method: 'POST',
    path: '/users/delete',
  }),
};
