import { endpoint } from '../endpoint.ts';
import type { licence as S } from '../schemas/endpoints/licence.ts';

/** An organisation's effective licences and the views they grant. */
export const licenceEndpoints = {
  /** The organisation's licences, as active, expired and grace-period lists (PC-4.3). */
  getEffectiveLicenses: endpoint<typeof S.getEffectiveLicenses>()({
    backend: 'licence',
    method: 'GET',
    path: '/OrgLicenseAssignment({orgId})/EffectiveLicenses()',
    access: 'org',
  }),
  /** The editions assigned to the organisation. */
  getViews: endpoint<typeof S.getViews>()({
    backend: 'licence',
    method: 'GET',
    path: '/OrgLicenseAssignment({orgId})/Views()',
    access: 'org',
  }),
};
