import {
  type IdentityUser,
  type NewUser,
  type UserDeletionResult,
  type UserUpdate,
  identityEndpoints,
  usersEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/**
 * Administrator user management (PC-6.8): add and delete on the management service; update
 * goes to the identity service's `PATCH Users({id})`. Non-administrators get a 403 `HttpError`.
 */
export interface UsersService {
  /** Adds a user to the administrator's organisation (or `orgId`, a sub-organisation). */
  addUser(user: NewUser, options?: CallOptions): Promise<IdentityUser>;
  /** Changes only the given fields of a user. */
  updateUser(userId: string, changes: UserUpdate, options?: CallOptions): Promise<IdentityUser>;
  /** Deletes every listed user, or — when one cannot be deleted — none of them. */
  deleteUsers(userIds: readonly string[], options?: CallOptions): Promise<UserDeletionResult>;
}

export function usersService(binder: Binder): UsersService {
  const addUser = binder.bind(usersEndpoints.addUser);
  const deleteUsers = binder.bind(usersEndpoints.deleteUsers);
  const updateUser = binder.bind(identityEndpoints.updateUser);
  return {
    addUser: (body, options = {}) => addUser({ body, ...options }),
    updateUser: (userId, body, options = {}) =>
      updateUser({ params: { userId }, body, ...options }),
    deleteUsers: (userIds, options = {}) => deleteUsers({ body: { userIds }, ...options }),
  };
}
