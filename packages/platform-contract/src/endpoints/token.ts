import { endpoint } from '../endpoint.ts';
import type { token as S } from '../schemas/endpoints/token.ts';

/** The identity service's JWT calls (docs/decisions/0300-token-and-session.md). */
export const tokenEndpoints = {
  /**
   * Obtains a JWT for the signed-in browser session. A `client_id` the platform has not
   * configured answers 404 naming it.
   */
  getToken: endpoint<typeof S.getToken>()({
    backend: 'identity',
    method: 'GET',
    path: '/jwt/Token',
  }),
  /**
   * Renews a still-valid JWT, sent in the `jwt_token` header with the session cookie. An expired
   * token answers 401 `TOKEN_EXPIRED` (renew with `jwt/Renew2`); a token of another session, or
   * none, 401 `INVALID_TOKEN`.
   */
  renewToken: endpoint<typeof S.renewToken>()({
    backend: 'identity',
    method: 'GET',
    path: '/jwt/Renew',
    credential: 'session-jwt',
  }),
  /** Renews from the browser session alone, when the tab holds no valid JWT. */
  renewToken2: endpoint<typeof S.renewToken2>()({
    backend: 'identity',
    method: 'GET',
    path: '/jwt/Renew2',
  }),
};
