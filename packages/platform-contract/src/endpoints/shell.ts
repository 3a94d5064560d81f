import { endpoint } from '../endpoint.ts';
import type { shell as S } from '../schemas/endpoints/shell.ts';

/** The shell service: published configuration, the user's products and licences, the product registry and trials (SW-7.1). */
export const shellEndpoints = {
  /** Service base URLs and page paths; the client's bootstrap call. */
  getConfig: endpoint<typeof S.getConfig>()({
    backend: 'shell',
    method: 'GET',
    path: '/config',
    credential: 'public',
  }),
  /** The user's products, every product, licences and the preferred product (SW-7.1). */
  getProductsWithLicenses: endpoint<typeof S.getProductsWithLicenses>()({
    backend: 'shell',
    method: 'GET',
    path: '/ProductsWithLicenses',
  }),
  /** Whether usage analytics are on for the user's organisation. */
  getAnalytics: endpoint<typeof S.getAnalytics>()({
    backend: 'shell',
    method: 'GET',
    path: '/analytics',
  }),
  /** One registry item (a product or a product group) by uniqueName. */
  getProductRegistry: endpoint<typeof S.getProductRegistry>()({
    backend: 'shell',
    method: 'GET',
    path: '/ProductRegistry({id})',
  }),
  /** The products the signed-in user may open, with licence and trial state. */
  getUserProductsInfo: endpoint<typeof S.getUserProductsInfo>()({
    backend: 'shell',
    method: 'GET',
    path: '/UserProductsInfo',
  }),
  /** Where to start a free trial of a product, when the user's organisation may start one. */
  getTrialUrlIfEnabled: endpoint<typeof S.getTrialUrlIfEnabled>()({
    backend: 'shell',
    method: 'GET',
    path: '/getTrialUrlIfEnabled',
  }),
};
