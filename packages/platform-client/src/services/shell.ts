import { contract, type ProductsWithLicenses, type ShellConfig } from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The shell service: platform configuration and the product catalogue. */
export interface ShellService {
  /** Service base URLs and page paths (fetched once and shared; see `ServiceDirectory`). */
  getConfig(options?: CallOptions): Promise<ShellConfig>;
  /** The user's products, all products, licensed product names and the preferred product. */
  getProductsWithLicenses(options?: CallOptions): Promise<ProductsWithLicenses>;
}

export function shellService(
  binder: Binder,
  config: (signal?: AbortSignal) => Promise<ShellConfig>,
): ShellService {
  // `config` is bound for the contract's sake, but read through the directory so that the
  // bootstrap call is made once per client.
  binder.bind(contract.shell.getConfig);
  const getProductsWithLicenses = binder.bind(contract.shell.getProductsWithLicenses);
  return {
    getConfig: (options = {}) => config(options.signal),
    getProductsWithLicenses: (options = {}) => getProductsWithLicenses(options),
  };
}
