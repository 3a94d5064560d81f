/** Entities of the licence service (spec: platform-client.md §3 'Licence info', PC-4.3). */

/** One licence of an organisation. Which list it is in says its state. */
export interface LicenseItem {
  /** Licence id, as access checks name it (e.g. a product's uniqueName). */
  readonly id: string;
  readonly name: string;
  /** ISO 8601 date (`YYYY-MM-DD`). */
  readonly startDate: string;
  /** ISO 8601 date after which the licence is no longer active. */
  readonly endDate: string;
  /** ISO 8601 date until which an ended licence still works (grace period). */
  readonly graceEndDate: string;
}

/** `OrgLicenseAssignment({orgId})/EffectiveLicenses()`: the organisation's licences by state. */
export interface EffectiveLicenses {
  readonly orgId: string;
  readonly active: readonly LicenseItem[];
  readonly expired: readonly LicenseItem[];
  readonly gracePeriod: readonly LicenseItem[];
}

/** An edition (bundle of licences) assigned to an organisation. */
export interface AssignedEdition {
  readonly id: string;
  readonly name: string;
  readonly licenseIds: readonly string[];
}

/** `OrgLicenseAssignment({orgId})/Views()`: the editions assigned to the organisation. */
export interface LicenseViews {
  readonly orgId: string;
  readonly assignedEditions: readonly AssignedEdition[];
}
