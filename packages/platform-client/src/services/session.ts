import { type UserSession, sessionEndpoints } from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';
import { abortable } from '../http/transport.ts';

/** Options of `session.getUser`. */
interface UserCallOptions extends CallOptions {
  /**
   * Reads the user from the server even when this page already has them (after a change made
   * elsewhere, such as new roles); the new answer is the one shared from then on.
   */
  readonly fresh?: boolean;
}

/** The session service: who is signed in, and ending the browser session. */
export interface SessionService {
  /**
   * The signed-in user's session (`GET session/User`), read once per page: every caller (the
   * React hooks, the service switcher, the application) shares the first answer, or the
   * request under way, until `fresh` asks again, an organisation is selected, a token for
   * another user arrives or the session ends. A failed read is not kept.
   */
  getUser(options?: UserCallOptions): Promise<UserSession>;
  /** Ends the browser session on the server. Prefer `client.logout()`, which also leaves the page. */
  logout(options?: CallOptions): Promise<void>;
}

/** The session service, and how the core forgets the page's user (organisation, token, logout). */
export function sessionService(binder: Binder): {
  readonly service: SessionService;
  readonly forgetUser: () => void;
} {
  const getUser = binder.bind(sessionEndpoints.getUser);
  const logout = binder.bind(sessionEndpoints.logout);
  let user: Promise<UserSession> | undefined;
  const read = (headers: CallOptions['headers']) => {
    // The shared read runs without a caller's signal, so one caller's abort fails no other.
    const shared = getUser({ headers });
    user = shared;
    shared.catch(() => {
      if (user === shared) user = undefined;
    });
    return shared;
  };
  return {
    service: {
      getUser: ({ fresh, signal, headers } = {}) => {
        const shared = (!fresh && user) || read(headers);
        return signal ? abortable(shared, signal) : shared;
      },
      logout: (options = {}) => logout(options),
    },
    forgetUser: () => {
      user = undefined;
    },
  };
}
