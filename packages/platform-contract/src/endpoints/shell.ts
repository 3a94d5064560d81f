import { endpoint, type None } from '../endpoint.ts';
import type { ProductsWithLicenses, ShellConfig } from '../entities.ts';

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
};
