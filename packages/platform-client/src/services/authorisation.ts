import {
  type AccountUrl,
  type ClientAttributes,
  authorisationEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The authorisation service: client attributes, upgrade and billing addresses. */
export interface AuthorisationService {
  /** The attributes of an OAuth client, e.g. the default client `cdlg_app`. */
  getClientAttributes(clientId: string, options?: CallOptions): Promise<ClientAttributes>;
  /** Where the organisation upgrades its plan (optionally for one product); `url: null` when nowhere. */
  getUpgradeUrl(options?: CallOptions & { productName?: string }): Promise<AccountUrl>;
  /** Where the organisation's billing is managed; administrators only (403 otherwise). */
  getBillingUrl(options?: CallOptions): Promise<AccountUrl>;
}

export function authorisationService(binder: Binder): AuthorisationService {
  const a = authorisationEndpoints;
  const clientAttributes = binder.bind(a.getClientAttributes);
  const upgradeUrl = binder.bind(a.getUpgradeUrl);
  const billingUrl = binder.bind(a.getBillingUrl);
  return {
    getClientAttributes: (clientId, options = {}) =>
      clientAttributes({ params: { clientId }, ...options }),
    getUpgradeUrl: ({ productName, signal } = {}) =>
      upgradeUrl({ query: productName === undefined ? {} : { productName }, signal }),
    getBillingUrl: (options = {}) => billingUrl(options),
  };
}
