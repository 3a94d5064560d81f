import { contract, type ProductRegistryProduct } from '@ics/platform-contract';
import { orgAttribute } from '../db/identity.ts';
import { productsWithLicenses } from '../db/products.ts';
import { notFound } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/** The shell's analytics, registry, user-products and trial calls. */
export function shellCatalogueRoutes(
  router: ContractRouter,
  { db, trialDaysPassed }: RouteDeps,
): void {
  const s = contract.shell;

  router.add(s.getAnalytics, async ({ session }) => {
    const enabled = (await orgAttribute(db, session.user.orgId, 'analytics.enabled')) === 'true';
    const siteId = await orgAttribute(db, session.user.orgId, 'analytics.siteId');
    return enabled && siteId ? { enabled, siteId } : { enabled: false };
  });

  router.add(s.getProductRegistry, async ({ params, session }) => {
    const { allProducts } = await productsWithLicenses(db, session.user.id, trialDaysPassed());
    for (const item of allProducts) {
      if (item.uniqueName === params.id) return item;
      const products = 'products' in item ? item.products : [];
      const product = products.find((p: ProductRegistryProduct) => p.uniqueName === params.id);
      if (product) return product;
    }
    throw notFound(`The registry item '${params.id}'`);
  });

  router.add(s.getUserProductsInfo, async ({ session }) => {
    const { userProducts, licensedProducts } = await productsWithLicenses(
      db,
      session.user.id,
      trialDaysPassed(),
    );
    const products = userProducts.flatMap((item) => ('products' in item ? item.products : [item]));
    return {
      userId: session.user.id,
      orgId: session.user.orgId,
      products: products.map((p) => ({
        uniqueName: p.uniqueName,
        indexPageUrl: p.indexPageUrl ?? '',
        licensed: !p.needLicense || licensedProducts.includes(p.uniqueName),
        ...(p.trial ? { trialDaysLeft: p.trial.daysLeft } : {}),
      })),
    };
  });

  router.add(s.getTrialUrlIfEnabled, async ({ query, session }) => {
    const { allProducts, licensedProducts } = await productsWithLicenses(
      db,
      session.user.id,
      trialDaysPassed(),
    );
    const product = allProducts
      .flatMap((item) => ('products' in item ? item.products : [item]))
      .find((p) => p.uniqueName === query.productName);
    if (!product) throw notFound(`The product '${query.productName}'`);
    // A trial can be started for a product that needs a licence the user does not have.
    const enabled = product.needLicense === true && !licensedProducts.includes(product.uniqueName);
    return enabled
      ? {
          productName: product.uniqueName,
          enabled,
          trialUrl: `${product.indexPageUrl ?? '/'}?trial=start`,
        }
      : { productName: product.uniqueName, enabled };
  });
}
