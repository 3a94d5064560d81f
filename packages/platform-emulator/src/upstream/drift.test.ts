import { describe, expect, it } from 'vitest';
import { operationNamed } from '../http/operationTable.ts';
import { driftOf } from './drift.ts';

const products = operationNamed('shell.getProductsWithLicenses');
if (!products) throw new Error('no shell.getProductsWithLicenses operation');

/** An upstream answer of the product fetch whose one group is `group`. */
const answer = (group: Record<string, unknown>) => ({
  status: 200,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: Buffer.from(
    JSON.stringify({ licensedProducts: ['orders'], userProducts: [group], allProducts: [] }),
  ),
});

const orders = { uniqueName: 'orders', label: 'Order Desk', needLicense: true };
const group = { uniqueName: 'team.group', productRegistryItemType: 'productGroup' };

describe('given an upstream product fetch with one wrongly typed label', () => {
  it('reports one row, at the label, for a product label inside a group (no anyOf row, no phantom `products` property)', () => {
    const drift = driftOf(products, answer({ ...group, products: [{ ...orders, label: 5 }] }));
    expect(drift).toEqual([
      {
        location: 'body.userProducts.0.products.0.label',
        expected: 'must be string',
        actual: '5',
      },
    ]);
  });

  it('reports one row, at the label, for a group label', () => {
    const drift = driftOf(products, answer({ ...group, label: 7, products: [orders] }));
    expect(drift.map((d) => d.location)).toEqual(['body.userProducts.0.label']);
  });

  it('reports one row at the place when the value fits no branch at all (a number for an object or null)', () => {
    const body = { licensedProducts: [], preferredProduct: 5, userProducts: [], allProducts: [] };
    const drift = driftOf(products, { ...answer(group), body: Buffer.from(JSON.stringify(body)) });
    expect(drift).toEqual([
      { location: 'body.preferredProduct', expected: 'must match a schema in anyOf', actual: '5' },
    ]);
  });
});
