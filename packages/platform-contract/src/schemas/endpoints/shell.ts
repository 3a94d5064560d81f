import { key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { ProductRegistryItem, ProductsWithLicenses, ShellConfig } from '../common.ts';
import { AnalyticsConfig, TrialUrl, UserProductsInfo } from '../shellCatalogue.ts';

/** Inputs and answers of the shell endpoints. */
export const shell = {
  getConfig: { response: ShellConfig },
  getProductsWithLicenses: { response: ProductsWithLicenses },
  getAnalytics: { response: AnalyticsConfig },
  getProductRegistry: {
    params: Type.Object({ id: key() }, closed),
    response: ProductRegistryItem,
  },
  getUserProductsInfo: { response: UserProductsInfo },
  getTrialUrlIfEnabled: {
    query: Type.Object({ productName: key() }, closed),
    response: TrialUrl,
  },
} satisfies Record<string, EndpointSchemas>;
