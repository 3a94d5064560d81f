/** Entities of the licence service (spec: platform-client.md §3 'Licence info', PC-4.3). */
import { Type } from '@sinclair/typebox';
import { storable } from './primitives.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** One licence of an organisation. Which list it is in says its state. */
export const LicenseItem = Type.Object(
  {
    /** Licence id, as access checks name it (e.g. a product's uniqueName). */
    id: storable(),
    /** The licence's name, e.g. the product or feature it grants. */
    name: storable(),
    /** ISO 8601 date (`YYYY-MM-DD`). */
    startDate: storable(),
    /** ISO 8601 date after which the licence is no longer active. */
    endDate: storable(),
    /** ISO 8601 date until which an ended licence still works (grace period). */
    graceEndDate: storable(),
  },
  {
    additionalProperties: false,
    description: about.LicenseItem,
  },
);
export type LicenseItem = Of<typeof LicenseItem>;

/** `OrgLicenseAssignment({orgId})/EffectiveLicenses()`: the organisation's licences by state. */
export const EffectiveLicenses = Type.Object(
  {
    /** Id of the organisation. */
    orgId: storable(),
    /** Licences in force. */
    active: Type.Array(LicenseItem),
    /** Licences that ended. */
    expired: Type.Array(LicenseItem),
    /** Licences past their end date that still work for a short time. */
    gracePeriod: Type.Array(LicenseItem),
  },
  {
    additionalProperties: false,
    description: about.EffectiveLicenses,
  },
);
export type EffectiveLicenses = Of<typeof EffectiveLicenses>;

/** An edition (bundle of licences) assigned to an organisation. */
export const AssignedEdition = Type.Object(
  {
    /** The edition's id. */
    id: storable(),
    /** The edition's name. */
    name: storable(),
    /** Ids of the licences the edition grants. */
    licenseIds: Type.Array(storable()),
  },
  {
    additionalProperties: false,
    description: about.AssignedEdition,
  },
);
export type AssignedEdition = Of<typeof AssignedEdition>;

/** `OrgLicenseAssignment({orgId})/Views()`: the editions assigned to the organisation. */
export const LicenseViews = Type.Object(
  {
    /** Id of the organisation. */
    orgId: storable(),
    /** The editions assigned to it. */
    assignedEditions: Type.Array(AssignedEdition),
  },
  {
    additionalProperties: false,
    description: about.LicenseViews,
  },
);
export type LicenseViews = Of<typeof LicenseViews>;
