import { type UserSession, sessionEndpoints } from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The session service: who is signed in, and ending the browser session. */
export interface SessionService {
  /** The signed-in user's session (`GET session/User`). */
  getUser(options?: CallOptions): Promise<UserSession>;
  /** Ends the browser session on the server. Prefer `client.logout()`, which also leaves the page. */
  logout(options?: CallOptions): Promise<void>;
}

export function sessionService(binder: Binder): SessionService {
  const getUser = binder.bind(sessionEndpoints.getUser);
  const logout = binder.bind(sessionEndpoints.logout);
  return {
    getUser: (options = {}) => getUser(options),
    logout: (options = {}) => logout(options),
  };
}
