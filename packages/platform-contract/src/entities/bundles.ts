/** Bundle entities (spec §3 "Bundle", §4 lifecycle, PC-3.1, PC-4.4). */

/** Where a bundle is in its lifecycle: DRAFT → VALIDATED → PUBLISHED → WITHDRAWN or DEPRECATED. */
export type BundleStatus = 'DRAFT' | 'VALIDATED' | 'PUBLISHED' | 'WITHDRAWN' | 'DEPRECATED';

/** The editable part of a bundle: what it holds and who may use it. */
export interface BundleDefinition {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Stable id across organisations, used to push and install it. */
  readonly externalId: string;
  /** Repository entities the bundle carries. */
  readonly objectIds: readonly string[];
  /** When set, copying or pushing the bundle requires this code. */
  readonly accessCode: string | null;
}

export interface BundleDefinitionBody {
  readonly name: string;
  readonly description?: string;
  readonly objectIds: readonly string[];
  readonly accessCode?: string | null;
}

/** A bundle: its definition and its state. */
export interface Bundle extends BundleDefinition {
  readonly status: BundleStatus;
  readonly orgId: string;
  /** The repository location (project or folder id) a copied bundle was placed in. */
  readonly locationId: string | null;
  /** The bundle it was copied from. */
  readonly sourceBundleId: string | null;
  readonly createdBy: string;
  readonly updatedTime: string;
}

/** A bundle installed in an organisation. */
export interface BundleInstallation {
  readonly id: string;
  readonly bundleId: string;
  readonly bundleExternalId: string;
  readonly orgId: string;
  readonly installedBy: string;
  readonly installedTime: string;
}

export interface BundleValidation {
  readonly bundleId: string;
  readonly valid: boolean;
  readonly status: BundleStatus;
  readonly problems: readonly string[];
}
