import { endpoint, type None } from '../endpoint.ts';
import type { AccountUrl, ClientAttributes } from '../entities/authorisation.ts';

export const authorisationEndpoints = {
  /** The attributes of an OAuth client (application), e.g. `cdlg_app`. */
  getClientAttributes: endpoint<{ clientId: string }, None, None, ClientAttributes>()({
    backend: 'authorisation',
    method: 'GET',
    path: '/ClientAttributes({clientId})',
  }),
  /** Where the organisation upgrades its plan, optionally for one product. */
  getUpgradeUrl: endpoint<None, { productName?: string }, None, AccountUrl>()({
    backend: 'authorisation',
    method: 'GET',
    path: '/UpgradeUrl',
  }),
  /** Where the organisation's billing is managed; administrators only. */
  getBillingUrl: endpoint<None, None, None, AccountUrl>()({
    backend: 'authorisation',
    method: 'GET',
    path: '/BillingUrl',
  }),
};
