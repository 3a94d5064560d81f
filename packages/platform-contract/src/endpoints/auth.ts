import { endpoint, type None } from '../endpoint.ts';
import type { ProductContributionList } from '../entities/token.ts';

/** Session upkeep, organisation choice, SaaS logout and extensions. */
export const authEndpoints = {
  /** Keep-alive ping: extends the browser session (sent after user activity only). */
  keepAlive: endpoint<None, None, None, void>()({
    backend: 'session',
    method: 'POST',
    path: '/session/keepAlive',
  }),
  /** Makes one of the user's organisations (own or a sub-organisation) the current one. */
  selectOrg: endpoint<None, None, { orgId: string }, void>()({
    backend: 'session',
    method: 'POST',
    path: '/session/selectOrg',
  }),
  /** Ends the session on the SaaS login host (address from the config's `saasBaseURL`). */
  saasLogout: endpoint<None, None, None, void>()({
    backend: 'saas',
    method: 'POST',
    path: '/saasLogout.do',
  }),
  /** The extensions a product contributes to the shell. */
  getProductContribution: endpoint<{ id: string }, None, None, ProductContributionList>()({
    backend: 'shell',
    method: 'GET',
    path: '/ProductContribution({id})',
  }),
};
