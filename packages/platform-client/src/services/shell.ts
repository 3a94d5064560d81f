import {
  type AnalyticsConfig,
  type ProductRegistryItem,
  type ProductsWithLicenses,
  type ShellConfig,
  type TrialUrl,
  type UserProductsInfo,
  shellEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The shell service: platform configuration and the product catalogue. */
export interface ShellService {
  /** Service base URLs and page paths (fetched once and shared; see `ServiceDirectory`). */
  getConfig(options?: CallOptions): Promise<ShellConfig>;
  /** The user's products, all products, licensed product names and the preferred product. */
  getProductsWithLicenses(options?: CallOptions): Promise<ProductsWithLicenses>;
  /** Whether usage analytics are on for the user's organisation (`GET analytics`). */
  getAnalytics(options?: CallOptions): Promise<AnalyticsConfig>;
  /** One registry item, a product or a product group, by uniqueName (`GET ProductRegistry({id})`). */
  getProductRegistry(id: string, options?: CallOptions): Promise<ProductRegistryItem>;
  /** The products the user may open, with licence and trial state (`GET UserProductsInfo`). */
  getUserProductsInfo(options?: CallOptions): Promise<UserProductsInfo>;
  /** Where to start a free trial of a product, if one may be started (`GET getTrialUrlIfEnabled`). */
  getTrialUrlIfEnabled(productName: string, options?: CallOptions): Promise<TrialUrl>;
}

export function shellService(
  binder: Binder,
  config: (signal?: AbortSignal) => Promise<ShellConfig>,
): ShellService {
  // `config` is bound for the contract's sake, but read through the directory so that the
  // bootstrap call is made once per client.
  binder.bind(shellEndpoints.getConfig);
  const getProductsWithLicenses = binder.bind(shellEndpoints.getProductsWithLicenses);
  const getAnalytics = binder.bind(shellEndpoints.getAnalytics);
  const getProductRegistry = binder.bind(shellEndpoints.getProductRegistry);
  const getUserProductsInfo = binder.bind(shellEndpoints.getUserProductsInfo);
  const getTrialUrlIfEnabled = binder.bind(shellEndpoints.getTrialUrlIfEnabled);
  return {
    getConfig: (options = {}) => config(options.signal),
    getProductsWithLicenses: (options = {}) => getProductsWithLicenses(options),
    getAnalytics: (options = {}) => getAnalytics(options),
    getProductRegistry: (id, options = {}) => getProductRegistry({ params: { id }, ...options }),
    getUserProductsInfo: (options = {}) => getUserProductsInfo(options),
    getTrialUrlIfEnabled: (productName, options = {}) =>
      getTrialUrlIfEnabled({ query: { productName }, ...options }),
  };
}
