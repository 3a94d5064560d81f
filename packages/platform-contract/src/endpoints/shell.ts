import { endpoint, type None } from '../endpoint.ts';
import type { ProductRegistryItem, ProductsWithLicenses, ShellConfig } from '../entities.ts';
import type { AnalyticsConfig, TrialUrl, UserProductsInfo } from '../entities/shellCatalogue.ts';

export const shellEndpoints = {
  /** Service base URLs and page paths; the client's bootstrap call. */
  getConfig: endpoint<None, None, None, ShellConfig>()({
    backend: 'shell',
    method: 'GET',
    path: '/config',
  }),
  /** The user's products, every product, licences and the preferred product (SW-7.1). */
  getProductsWithLicenses: endpoint<None, None, None, ProductsWithLicenses>()({
    backend: 'shell',
    method: 'GET',
    path: '/ProductsWithLicenses',
  }),
  /** Whether usage analytics are on for the user's organisation. */
  getAnalytics: endpoint<None, None, None, AnalyticsConfig>()({
    backend: 'shell',
    method: 'GET',
    path: '/analytics',
  }),
  /** One registry item (a product or a product group) by uniqueName. */
  getProductRegistry: endpoint<{ id: string }, None, None, ProductRegistryItem>()({
    backend: 'shell',
    method: 'GET',
    path: '/ProductRegistry({id})',
  }),
  /** The products the signed-in user may open, with licence and trial state. */
  getUserProductsInfo: endpoint<None, None, None, UserProductsInfo>()({
    backend: 'shell',
    method: 'GET',
    path: '/UserProductsInfo',
  }),
  /** Where to start a free trial of a product, when the user's organisation may start one. */
  getTrialUrlIfEnabled: endpoint<None, { productName: string }, None, TrialUrl>()({
    backend: 'shell',
    method: 'GET',
    path: '/getTrialUrlIfEnabled',
  }),
};
