import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  Bundle,
  BundleDefinition,
  BundleDefinitionBody,
  BundleInstallation,
  BundleValidation,
} from '../entities/bundles.ts';

type Id = { id: string };
const bundle = 'bundle' as const;

export const bundlesEndpoints = {
  /** The definitions of the organisation's bundles. */
  getBundleDefinitions: endpoint<None, None, None, ODataCollection<BundleDefinition>>()({
    backend: bundle,
    method: 'GET',
    path: '/BundleDefinitions',
  }),
  /** Creates a bundle in DRAFT from a definition. */
  createBundleDefinition: endpoint<None, None, BundleDefinitionBody, Bundle>()({
    backend: bundle,
    method: 'POST',
    path: '/BundleDefinitions',
  }),
  /** Replaces a definition; only while DRAFT or VALIDATED (back to DRAFT), else 409. */
  updateBundleDefinition: endpoint<Id, None, BundleDefinitionBody, Bundle>()({
    backend: bundle,
    method: 'PUT',
    path: '/BundleDefinitions({id})',
  }),
  /** Deletes a bundle that is not PUBLISHED or DEPRECATED (409 otherwise). */
  deleteBundleDefinition: endpoint<Id, None, None, void>()({
    backend: bundle,
    method: 'DELETE',
    path: '/BundleDefinitions({id})',
  }),
  /** A bundle; unless `showInAnyStatus`, only a published or deprecated one is found. */
  getBundle: endpoint<Id, { showInAnyStatus?: boolean }, None, Bundle>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles({id})',
  }),
  getCreatedBundles: endpoint<None, None, None, ODataCollection<Bundle>>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles/Created',
  }),
  /** Published bundles of every organisation. */
  getPublishedBundles: endpoint<None, None, None, ODataCollection<Bundle>>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles/Published',
  }),
  getBundleInstallation: endpoint<Id, None, None, BundleInstallation>()({
    backend: bundle,
    method: 'GET',
    path: '/BundleInstallations({id})',
  }),
  /** A fresh access code to put in a definition. */
  generateBundleAccessCode: endpoint<None, None, None, { accessCode: string }>()({
    backend: bundle,
    method: 'GET',
    path: '/Bundles/GenerateBundleAccessCode',
  }),
  /** Checks a DRAFT or VALIDATED bundle; a valid one becomes VALIDATED. */
  validateBundle: endpoint<None, None, { bundleId: string }, BundleValidation>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles/Validate',
  }),
  /** VALIDATED → PUBLISHED. */
  publishBundle: endpoint<Id, None, None, Bundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Publish',
  }),
  /** PUBLISHED or DEPRECATED → WITHDRAWN. */
  withdrawBundle: endpoint<Id, None, None, Bundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Withdraw',
  }),
  /** PUBLISHED → DEPRECATED. */
  deprecateBundle: endpoint<Id, None, None, Bundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Deprecate',
  }),
  /** Copies a published bundle into a repository location of the caller's organisation. */
  copyBundle: endpoint<Id, None, { accessCode?: string; locationFrsId: string }, Bundle>()({
    backend: bundle,
    method: 'POST',
    path: '/Bundles({id})/Copy',
  }),
  /** Installs a published bundle in every sub-organisation of the caller's organisation. */
  pushBundle: endpoint<
    None,
    None,
    { bundleExternalId: string; accessCode?: string },
    ODataCollection<BundleInstallation>
  >()({
    backend: bundle,
    method: 'POST',
    path: '/BundleInstallations/Push',
  }),
};
