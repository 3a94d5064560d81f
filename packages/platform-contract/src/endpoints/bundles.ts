import { endpoint } from '../endpoint.ts';
import type { bundles as S } from '../schemas/endpoints/bundles.ts';

const bundle = 'bundle' as const;

/** Bundles: definitions of repository objects to share, published, copied and installed in other organisations. */
export const bundlesEndpoints = {
  /** The definitions of the organisation's bundles. */
  getBundleDefinitions: endpoint<typeof S.getBundleDefinitions>()({
    backend: bundle,
    method: 'GET',
    path: '/BundleDefinitions',
  }),
  /** Creates a bundle in DRAFT from a definition. */
  createBundleDefinition: endpoint<typeof S.createBundleDefinition>()({
    backend: bundle,
    method: 'POST',
    path: '/BundleDefinitions',
    access: 'read',
  }),
  /** Replaces a definition; only while DRAFT or VALIDATED (back to DRAFT), else 409. */
  updateBundleDefinition: endpoint<typeof S.updateBundleDefinition>()({
    backend: bundle,
    method: 'PUT',
    path: '/BundleDefinitions({id})',
    access: 'bundle',
  }),
  /** Deletes a bundle that is not PUBLISHED or DEPRECATED (409 otherwise). */
  deleteBundleDefinition: endpoint<typeof S.deleteBundleDefinition>()({
    backend: bundle,
    method: 'DELETE',
    path: '/BundleDefinitions({id})',
    access: 'bundle',
  }),
  /** A bundle; unless `showInAnyStatus`, only a published or deprecated one is found. */
  getBundle: endpoint<typeof S.getBundle>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles({id})',
  }),
  getCreatedBundles: endpoint<typeof S.getCreatedBundles>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles/Created',
  }),
  /** Published bundles of every organisation. */
  getPublishedBundles: endpoint<typeof S.getPublishedBundles>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles/Published',
  }),
  getBundleInstallation: endpoint<typeof S.getBundleInstallation>()({
    backend: bundle,
    method: 'GET',
    path: '/BundleInstallations({id})',
  }),
  /** A fresh access code to put in a definition. */
  generateBundleAccessCode: endpoint<typeof S.generateBundleAccessCode>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles/GenerateBundleAccessCode',
  }),
  /** Checks a DRAFT or VALIDATED bundle; a valid one becomes VALIDATED. */
  validateBundle: endpoint<typeof S.validateBundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles/Validate',
    access: 'bundle',
  }),
  /** VALIDATED → PUBLISHED. */
  publishBundle: endpoint<typeof S.publishBundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Publish',
    access: 'bundle',
  }),
  /** PUBLISHED or DEPRECATED → WITHDRAWN. */
  withdrawBundle: endpoint<typeof S.withdrawBundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Withdraw',
    access: 'bundle',
  }),
  /** PUBLISHED → DEPRECATED. */
  deprecateBundle: endpoint<typeof S.deprecateBundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Deprecate',
    access: 'bundle',
  }),
  /**
   * Copies a published bundle into a repository location of the caller's organisation. At most
   * 2,000 entities (its objects and everything under them), refused above with 400.
   */
  copyBundle: endpoint<typeof S.copyBundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Copy',
    access: 'update',
  }),
  /** Installs a published bundle in every sub-organisation of the caller's organisation. */
  pushBundle: endpoint<typeof S.pushBundle>()({
    backend: bundle,
    method: 'POST',
    path: '/BundleInstallations/Push',
    access: 'admin',
  }),
};
