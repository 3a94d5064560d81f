import { endpoint } from '../endpoint.ts';
import type { session as S } from '../schemas/endpoints/session.ts';

/** The browser session: who is signed in, and signing out (spec §7). */
export const sessionEndpoints = {
  /** The signed-in user's session. */
  getUser: endpoint<typeof S.getUser>()({
    backend: 'session',
    method: 'GET',
    path: '/session/User',
  }),
  /** Ends the browser session (the switcher's 'Log Out', SW-7.3). */
  logout: endpoint<typeof S.logout>()({
    backend: 'session',
    method: 'POST',
    path: '/session/logout',
  }),
};
