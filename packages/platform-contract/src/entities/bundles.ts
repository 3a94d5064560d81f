/** Bundle entities (spec §3 "Bundle", §4 lifecycle, PC-3.1, PC-4.4). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/bundles.ts';

/** Where a bundle is in its lifecycle: DRAFT → VALIDATED → PUBLISHED → WITHDRAWN or DEPRECATED. */
export type BundleStatus = Of<typeof S.BundleStatus>;

/** The editable part of a bundle: what it holds and who may use it. */
export type BundleDefinition = Of<typeof S.BundleDefinition>;

export type BundleDefinitionBody = Of<typeof S.BundleDefinitionBody>;

/** A bundle: its definition and its state. */
export type Bundle = Of<typeof S.Bundle>;

/** A bundle installed in an organisation. */
export type BundleInstallation = Of<typeof S.BundleInstallation>;

export type BundleValidation = Of<typeof S.BundleValidation>;
