import { endpoint } from '../endpoint.ts';
import type { users as S } from '../schemas/endpoints/users.ts';

/** User management on the management service; administrators only (PC-6.8). */
export const usersEndpoints = {
  addUser: endpoint<typeof S.addUser>()({
    backend: 'management',
    method: 'POST',
    path: '/users/add',
    access: 'admin',
  }),
  /** Deletes every listed user, or none of them. */
  deleteUsers: endpoint<typeof S.deleteUsers>()({
    backend: 'management',
    method: 'POST',
    path: '/users/delete',
    access: 'admin',
  }),
};
