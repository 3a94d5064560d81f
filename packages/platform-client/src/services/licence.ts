import {
  type EffectiveLicenses,
  type LicenseViews,
  licenceEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The licence service: an organisation's licences by state, and its assigned editions. */
export interface LicenceService {
  /** Active, expired and grace-period licences (`OrgLicenseAssignment({orgId})/EffectiveLicenses()`). */
  effectiveLicenses(orgId: string, options?: CallOptions): Promise<EffectiveLicenses>;
  /** The editions assigned to the organisation (`OrgLicenseAssignment({orgId})/Views()`). */
  views(orgId: string, options?: CallOptions): Promise<LicenseViews>;
}

export function licenceService(binder: Binder): LicenceService {
  const effective = binder.bind(licenceEndpoints.getEffectiveLicenses);
  const views = binder.bind(licenceEndpoints.getViews);
  return {
    effectiveLicenses: (orgId, options = {}) => effective({ params: { orgId }, ...options }),
    views: (orgId, options = {}) => views({ params: { orgId }, ...options }),
  };
}
