import { endpoint, type None } from '../endpoint.ts';
import type { JwtTokenQuery, JwtTokenResponse } from '../entities/token.ts';

/** The identity service's JWT calls (docs/decisions/0300-token-and-session.md). */
export const tokenEndpoints = {
  /** Obtains a JWT for the signed-in browser session. */
  getToken: endpoint<None, JwtTokenQuery, None, JwtTokenResponse>()({
    backend: 'identity',
    method: 'GET',
    path: '/jwt/Token',
  }),
  /** Renews a still-valid JWT, sent in the `jwt_token` header. */
  renewToken: endpoint<None, { nonce: string; client_id?: string }, None, JwtTokenResponse>()({
    backend: 'identity',
    method: 'GET',
    path: '/jwt/Renew',
  }),
  /** Renews from the browser session alone, when the tab holds no valid JWT. */
  renewToken2: endpoint<None, { nonce: string; client_id?: string }, None, JwtTokenResponse>()({
    backend: 'identity',
    method: 'GET',
    path: '/jwt/Renew2',
  }),
};
