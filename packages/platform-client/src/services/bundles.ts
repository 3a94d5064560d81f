import {
  type Bundle,
  type BundleDefinition,
  type BundleDefinitionBody,
  type BundleInstallation,
  type BundleValidation,
  bundlesEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/**
 * Bundles shared across organisations. Lifecycle: DRAFT → validate → VALIDATED → publish →
 * PUBLISHED → withdraw (WITHDRAWN) or deprecate (DEPRECATED); an action the current state does
 * not allow is refused with an `HttpError` of status 409 (PC-4.4).
 */
export interface BundlesService {
  /** The bundle definitions of the caller's organisation. */
  getDefinitions(options?: CallOptions): Promise<readonly BundleDefinition[]>;
  /** Creates a bundle in DRAFT. */
  createDefinition(definition: BundleDefinitionBody, options?: CallOptions): Promise<Bundle>;
  /** Replaces a DRAFT or VALIDATED bundle's definition (it goes back to DRAFT). */
  updateDefinition(
    id: string,
    definition: BundleDefinitionBody,
    options?: CallOptions,
  ): Promise<Bundle>;
  /**
   * Deletes one of the organisation's bundles; a PUBLISHED or DEPRECATED one must be withdrawn
   * first (409).
   */
  deleteDefinition(id: string, options?: CallOptions): Promise<void>;
  /** A bundle; only published or deprecated ones unless `showInAnyStatus` (default false). */
  getBundle(id: string, showInAnyStatus?: boolean, options?: CallOptions): Promise<Bundle>;
  /** Bundles the caller's organisation created, in any state. */
  getCreated(options?: CallOptions): Promise<readonly Bundle[]>;
  /** Published bundles of every organisation. */
  getPublished(options?: CallOptions): Promise<readonly Bundle[]>;
  /** Where and when a bundle was installed in the caller's organisation (404 when it is not). */
  getInstallation(id: string, options?: CallOptions): Promise<BundleInstallation>;
  /** A fresh access code to protect a bundle with. */
  generateAccessCode(options?: CallOptions): Promise<string>;
  /**
   * Checks a DRAFT or VALIDATED bundle: it must hold objects, all in the repository, none a
   * project. Valid, it becomes VALIDATED; otherwise DRAFT, with each problem in words.
   */
  validate(bundleId: string, options?: CallOptions): Promise<BundleValidation>;
  /** Publishes a VALIDATED bundle, so every organisation sees it (409 from any other state). */
  publish(id: string, options?: CallOptions): Promise<Bundle>;
  /** Withdraws a PUBLISHED or DEPRECATED bundle: no longer offered, and deletable. */
  withdraw(id: string, options?: CallOptions): Promise<Bundle>;
  /** Marks a PUBLISHED bundle DEPRECATED: still visible, but not to be installed anew. */
  deprecate(id: string, options?: CallOptions): Promise<Bundle>;
  /** Copies a published bundle into a repository location (project or folder id). */
  copy(
    id: string,
    target: { locationFrsId: string; accessCode?: string },
    options?: CallOptions,
  ): Promise<Bundle>;
  /** Installs a published bundle in every sub-organisation; answers the installations. */
  push(
    input: { bundleExternalId: string; accessCode?: string },
    options?: CallOptions,
  ): Promise<readonly BundleInstallation[]>;
}

export function bundlesService(binder: Binder): BundlesService {
  const c = bundlesEndpoints;
  const b = {
    getDefinitions: binder.bind(c.getBundleDefinitions),
    create: binder.bind(c.createBundleDefinition),
    update: binder.bind(c.updateBundleDefinition),
    remove: binder.bind(c.deleteBundleDefinition),
    get: binder.bind(c.getBundle),
    created: binder.bind(c.getCreatedBundles),
    published: binder.bind(c.getPublishedBundles),
    installation: binder.bind(c.getBundleInstallation),
    code: binder.bind(c.generateBundleAccessCode),
    validate: binder.bind(c.validateBundle),
    publish: binder.bind(c.publishBundle),
    withdraw: binder.bind(c.withdrawBundle),
    deprecate: binder.bind(c.deprecateBundle),
    copy: binder.bind(c.copyBundle),
    push: binder.bind(c.pushBundle),
  };
  return {
    getDefinitions: async (o = {}) => (await b.getDefinitions(o)).value,
    createDefinition: (body, o = {}) => b.create({ body, ...o }),
    updateDefinition: (id, body, o = {}) => b.update({ params: { id }, body, ...o }),
    deleteDefinition: (id, o = {}) => b.remove({ params: { id }, ...o }),
    getBundle: (id, showInAnyStatus = false, o = {}) =>
      b.get({ params: { id }, query: showInAnyStatus ? { showInAnyStatus } : {}, ...o }),
    getCreated: async (o = {}) => (await b.created(o)).value,
    getPublished: async (o = {}) => (await b.published(o)).value,
    getInstallation: (id, o = {}) => b.installation({ params: { id }, ...o }),
    generateAccessCode: async (o = {}) => (await b.code(o)).accessCode,
    validate: (bundleId, o = {}) => b.validate({ body: { bundleId }, ...o }),
    publish: (id, o = {}) => b.publish({ params: { id }, ...o }),
    withdraw: (id, o = {}) => b.withdraw({ params: { id }, ...o }),
    deprecate: (id, o = {}) => b.deprecate({ params: { id }, ...o }),
    copy: (id, body, o = {}) => b.copy({ params: { id }, body, ...o }),
    push: async (body, o = {}) => (await b.push({ body, ...o })).value,
  };
}
