import { endpoint, type None } from '../endpoint.ts';
import type { UserSession } from '../entities.ts';

export const sessionEndpoints = {
  /** The signed-in user's session. */
  getUser: endpoint<None, None, None, UserSession>()({
    backend: 'session',
    method: 'GET',
    path: '/session/User',
  }),
  /** Ends the browser session (the switcher's 'Log Out', SW-7.3). */
  logout: endpoint<None, None, None, void>()({
    backend: 'session',
    method: 'POST',
    path: '/session/logout',
  }),
};
