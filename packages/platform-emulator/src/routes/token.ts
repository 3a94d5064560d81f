import { contract, type JwtTokenResponse } from '@ics/platform-contract';
import { sessionRef } from '../auth/bearerSession.ts';
import { sameSecret, type SessionContext } from '../auth/session.ts';
import { isClientId } from '../db/clients.ts';
import { findSession } from '../db/sessions.ts';
import { ApiError, notFound } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/**
 * jwt/Token, jwt/Renew and jwt/Renew2 (docs/decisions/0300-token-and-session.md). Every
 * token carries the request's nonce and client id; `access_code` must be the session's XSRF
 * token, which only a page of the platform's origin can read.
 */
export function tokenRoutes(router: ContractRouter, { db, tokens: issuer }: RouteDeps): void {
  const issue = async (
    session: SessionContext,
    nonce: string,
    clientId: string,
  ): Promise<JwtTokenResponse> => {
    if (!(await isClientId(db, clientId))) {
      throw notFound(`The client '${clientId}'`);
    }
    const row = await findSession(db, session.sessionId, issuer.now());
    return {
      jwt_token: issuer.sign({
        nonce,
        client_id: clientId,
        org_id: session.user.currentOrgId,
        user_id: session.user.id,
        sid: sessionRef(session.sessionId),
      }),
      session_expiry: (row?.expiresAt ?? new Date(issuer.now())).toISOString(),
    };
  };

  router.add(contract.token.getToken, async ({ query, session }) => {
    const row = await findSession(db, session.sessionId, issuer.now());
    if (!row || !sameSecret(query.access_code, row.xsrfToken)) {
      throw new ApiError(403, 'ACCESS_CODE', 'The access code does not belong to this session.');
    }
    return issue(session, query.nonce, query.client_id);
  });

  router.add(contract.token.renewToken, async ({ query, session, request }) => {
    const header = request.headers['jwt_token'];
    const claims = typeof header === 'string' ? issuer.verify(header) : undefined;
    if (!claims) {
      throw new ApiError(401, 'INVALID_TOKEN', 'The jwt_token header holds no valid token.');
    }
    if (issuer.expired(claims)) {
      throw new ApiError(401, 'TOKEN_EXPIRED', 'The token has expired; renew with jwt/Renew2.');
    }
    if (claims.sid !== sessionRef(session.sessionId) || claims.user_id !== session.user.id) {
      throw new ApiError(401, 'INVALID_TOKEN', 'The token belongs to another session.');
    }
    return issue(session, query.nonce, query.client_id ?? claims.client_id);
  });

  router.add(contract.token.renewToken2, async ({ query, session }) =>
    issue(session, query.nonce, query.client_id ?? 'cdlg_app'),
  );
}
