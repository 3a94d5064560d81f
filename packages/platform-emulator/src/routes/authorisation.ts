import { contract } from '@ics/platform-contract';
import type { Database } from '../db/database.ts';
import { orgAttribute } from '../db/identity.ts';
import { productsWithLicenses } from '../db/products.ts';
import { requireAdmin } from './access.ts';
import { notFound } from './apiError.ts';
import type { ContractRouter } from './router.ts';

/** Client attributes, and the organisation's upgrade and billing addresses. */
export function authorisationRoutes(router: ContractRouter, db: Database): void {
  const a = contract.authorisation;

  router.add(a.getClientAttributes, {}, async ({ params }) => {
    const [row] = await db.query<{
      client_id: string;
      name: string;
      attributes: Record<string, string>;
    }>('select client_id, name, attributes from auth_clients where client_id = $1', [
      params.clientId,
    ]);
    if (!row) throw notFound(`The client '${params.clientId}'`);
    return { clientId: row.client_id, name: row.name, attributes: row.attributes };
  });

  router.add(a.getUpgradeUrl, {}, async ({ query, session }) => {
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

  router.add(a.getBillingUrl, {}, async ({ session }) => {
    requireAdmin(session.user, "see the organization's billing");
    return { url: (await orgAttribute(db, session.user.orgId, 'authz.billingUrl')) ?? null };
  });
}
