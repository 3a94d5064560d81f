import { endpoint } from '../endpoint.ts';
import type { authorisation as S } from '../schemas/endpoints/authorisation.ts';

/** Client attributes and the addresses of the upgrade and billing pages. */
export const authorisationEndpoints = {
  /** The attributes of an OAuth client (application), e.g. `cdlg_app`. */
  getClientAttributes: endpoint<typeof S.getClientAttributes>()({
    backend: 'authorisation',
    method: 'GET',
    path: '/ClientAttributes({clientId})',
  }),
  /** Where the organisation upgrades its plan, optionally for one product. */
  getUpgradeUrl: endpoint<typeof S.getUpgradeUrl>()({
    backend: 'authorisation',
    method: 'GET',
    path: '/UpgradeUrl',
  }),
  /** Where the organisation's billing is managed; administrators only. */
  getBillingUrl: endpoint<typeof S.getBillingUrl>()({
    backend: 'authorisation',
    method: 'GET',
    path: '/BillingUrl',
    access: 'admin',
  }),
};
