import { endpoint, type None } from '../endpoint.ts';
import type { EffectiveLicenses, LicenseViews } from '../entities/licence.ts';

type OrgKey = { orgId: string };

export const licenceEndpoints = {
  /** The organisation's licences, as active, expired and grace-period lists (PC-4.3). */
  getEffectiveLicenses: endpoint<OrgKey, None, None, EffectiveLicenses>()({
    backend: 'licence',
    method: 'GET',
    path: '/OrgLicenseAssignment({orgId})/EffectiveLicenses()',
  }),
  /** The editions assigned to the organisation. */
  getViews: endpoint<OrgKey, None, None, LicenseViews>()({
    backend: 'licence',
    method: 'GET',
    path: '/OrgLicenseAssignment({orgId})/Views()',
  }),
};
