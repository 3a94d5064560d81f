import { contract } from '@ics/platform-contract';
import { findClient } from '../db/clients.ts';
import { orgAttribute } from '../db/identity.ts';
import { productsWithLicenses } from '../db/products.ts';
import { notFound } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/** Client attributes, and the organisation's upgrade and billing addresses. */
export function authorisationRoutes(router: ContractRouter, { db }: RouteDeps): void {
  const a = contract.authorisation;

  router.add(a.getClientAttributes, async ({ params }) => {
    const client = await findClient(db, params.clientId);
    if (!client) throw notFound(`The client '${params.clientId}'`);
    return client;
  });

  router.add(a.getUpgradeUrl, async ({ query, session }) => {
    const base = await orgAttribute(db, session.user.orgId, 'authz.upgradeUrl');
    if (query.productName !== undefined) {
      const { allProducts } = await productsWithLicenses(db, session.user.id);
      const known = allProducts
        .flatMap((item) => ('products' in item ? item.products : [item]))
        .some((p) => p.uniqueName === query.productName);
      if (!known) throw notFound(`The product '${query.productName}'`);
    }
    if (!base) return { url: null };
    const url = new URL(base);
    if (query.productName !== undefined) url.searchParams.set('product', query.productName);
    return { url: url.href };
  });

  router.add(a.getBillingUrl, async ({ session }) => {
    return { url: (await orgAttribute(db, session.user.orgId, 'authz.billingUrl')) ?? null };
  });
}
