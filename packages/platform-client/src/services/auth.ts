import {
  type ProductContributionList,
  authEndpoints,
  tokenEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';
import type { TokenCalls } from '../session/tokenManager.ts';

/** Session upkeep calls and product contributions (see also `client.logout`, `client.saasLogout`). */
export interface AuthService {
  /**
   * Makes one of the user's organisations the current one on the server. Unlike
   * `client.selectOrg`, it leaves the client's cached answers as they are.
   */
  selectOrg(orgId: string, options?: CallOptions): Promise<void>;
  /** The keep-alive ping; the session manager sends it after activity only. */
  keepAlive(options?: CallOptions): Promise<void>;
  /** The extensions a product contributes (cached, PC-9.4). */
  getProductContribution(id: string, options?: CallOptions): Promise<ProductContributionList>;
}

/** The auth group's calls, and the token calls the session manager uses. */
export function authService(binder: Binder): { auth: AuthService; tokenCalls: TokenCalls } {
  const a = authEndpoints;
  const t = tokenEndpoints;
  const selectOrg = binder.bind(a.selectOrg);
  const keepAlive = binder.bind(a.keepAlive);
  const contribution = binder.bind(a.getProductContribution, { cache: true });
  // The token calls handle their own unauthenticated answers (PC-7.2 exemption).
  const obtain = binder.bind(t.getToken, { exemptFromAuthRedirect: true });
  const renew = binder.bind(t.renewToken, { exemptFromAuthRedirect: true });
  const renew2 = binder.bind(t.renewToken2, { exemptFromAuthRedirect: true });
  return {
    auth: {
      selectOrg: (orgId, options = {}) => selectOrg({ body: { orgId }, ...options }),
      keepAlive: (options = {}) => keepAlive(options),
      getProductContribution: (id, options = {}) => contribution({ params: { id }, ...options }),
    },
    tokenCalls: {
      obtain: (query) => obtain({ query }),
      renew: (query, jwt) => renew({ query, headers: { jwt_token: jwt } }),
      renew2: (query) => renew2({ query }),
    },
  };
}
