import { endpoint } from '../endpoint.ts';
import type { auth as S } from '../schemas/endpoints/auth.ts';

/** Session upkeep, organisation choice, SaaS logout and extensions. */
export const authEndpoints = {
  /** Keep-alive ping: extends the browser session (sent after user activity only). */
  keepAlive: endpoint<typeof S.keepAlive>()({
    backend: 'session',
    method: 'POST',
    path: '/session/keepAlive',
  }),
  /** Makes one of the user's organisations (own or a sub-organisation) the current one. */
  selectOrg: endpoint<typeof S.selectOrg>()({
    backend: 'session',
    method: 'POST',
    path: '/session/selectOrg',
    access: 'org',
  }),
  /** Ends the session on the SaaS login host (address from the config's `saasBaseURL`). */
  saasLogout: endpoint<typeof S.saasLogout>()({
    backend: 'saas',
    method: 'POST',
    path: '/saasLogout.do',
  }),
  /** The extensions a product contributes to the shell. */
  getProductContribution: endpoint<typeof S.getProductContribution>()({
    backend: 'shell',
    method: 'GET',
    path: '/ProductContribution({id})',
  }),
};
