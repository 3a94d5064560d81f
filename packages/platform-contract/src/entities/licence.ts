/** Entities of the licence service (spec: platform-client.md §3 'Licence info', PC-4.3). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/licence.ts';

/** One licence of an organisation. Which list it is in says its state. */
export type LicenseItem = Of<typeof S.LicenseItem>;

/** `OrgLicenseAssignment({orgId})/EffectiveLicenses()`: the organisation's licences by state. */
export type EffectiveLicenses = Of<typeof S.EffectiveLicenses>;

/** An edition (bundle of licences) assigned to an organisation. */
export type AssignedEdition = Of<typeof S.AssignedEdition>;

/** `OrgLicenseAssignment({orgId})/Views()`: the editions assigned to the organisation. */
export type LicenseViews = Of<typeof S.LicenseViews>;
