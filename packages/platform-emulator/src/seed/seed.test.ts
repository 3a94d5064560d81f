import type {
  ProductRegistryGroup,
  ProductRegistryItem,
  ProductsWithLicenses,
} from '@ics/platform-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../app.ts';
import { signInWithInject } from '../test-support/signIn.ts';
import { catalogue } from './catalogue.ts';
import { bundleLanguages } from './translations.ts';

let emulator: Emulator;
const productsOf = async (personaId: string): Promise<ProductsWithLicenses> => {
  const { cookies } = await signInWithInject(emulator.app, personaId);
  return (
    await emulator.app.inject({ url: '/shell-service/api/v1/ProductsWithLicenses', cookies })
  ).json();
};
const names = (items: readonly ProductRegistryItem[]) =>
  items.flatMap((item) => ('products' in item ? item.products : [])).map((p) => p.uniqueName);

beforeAll(async () => {
  emulator = await createEmulator({ database: 'memory' });
});
afterAll(() => emulator.close());

describe('given the seeded catalogue', () => {
  it('has at least 20 services in at least 5 groups, one of them common.group', () => {
    expect(catalogue.flatMap((g) => g.products).length).toBeGreaterThanOrEqual(20);
    expect(catalogue.length).toBeGreaterThanOrEqual(5);
    expect(catalogue.map((g) => g.uniqueName)).toContain('common.group');
  });

  it('serves an icon for every service but the one whose image is missing on purpose', async () => {
    const statuses = await Promise.all(
      catalogue
        .flatMap((g) => g.products)
        .map(async (p) => {
          const answer = await emulator.app.inject({
            url: `/shell-service/assets/icons/${p.uniqueName}.svg`,
          });
          return [p.uniqueName, answer.statusCode] as const;
        }),
    );
    expect(statuses.filter(([, s]) => s === 404).map(([n]) => n)).toEqual(['ref360']);
    expect(statuses.filter(([, s]) => s === 200)).toHaveLength(statuses.length - 1);
  });

  it('serves a translation bundle for every product and group in all 12 languages at the SW-5.3 address', async () => {
    const ada = await productsOf('usr-ada-0000001');
    const groups = ada.allProducts as ProductRegistryGroup[];
    for (const language of bundleLanguages) {
      for (const group of groups) {
        const g = await emulator.app.inject({
          url: `${group.localeResourceUrl}${language}/translation.json`,
        });
        expect(g.json().productGroup.label, `${group.uniqueName} in ${language}`).toMatch(/\S/);
        for (const product of group.products) {
          const p = await emulator.app.inject({
            url: `${product.localeResourceUrl}${language}/translation.json`,
          });
          expect(p.json().product, `${product.uniqueName} in ${language}`).toEqual({
            label: expect.stringMatching(/\S/),
            description: expect.stringMatching(/\S/),
          });
        }
      }
    }
  });
});

describe('given the four personas', () => {
  it('Ada Admin can use every service, all licensed', async () => {
    const ada = await productsOf('usr-ada-0000001');
    expect(names(ada.userProducts)).toEqual(names(ada.allProducts));
    const needing = catalogue
      .flatMap((g) => g.products)
      .filter((p) => p.needLicense)
      .map((p) => p.uniqueName);
    expect(ada.licensedProducts).toEqual(expect.arrayContaining(needing));
  });

  it('Lee Locked lacks some services for a missing licence and some for a missing permission', async () => {
    const lee = await productsOf('usr-lee-0000001');
    const usable = new Set(names(lee.userProducts));
    const locked = (lee.allProducts as ProductRegistryGroup[])
      .flatMap((g) => g.products)
      .filter((p) => !usable.has(p.uniqueName));
    const forLicence = locked.filter(
      (p) => p.needLicense && !lee.licensedProducts.includes(p.uniqueName),
    );
    const forPermission = locked.filter((p) => !forLicence.includes(p));
    expect(usable.size).toBeGreaterThan(0);
    expect(forLicence.length).toBeGreaterThan(0);
    expect(forPermission.length).toBeGreaterThan(0);
  });

  it('Nia Newcomer has no services at all', async () => {
    const nia = await productsOf('usr-nia-0000001');
    expect(nia.userProducts).toEqual([]);
    expect(names(nia.allProducts).length).toBeGreaterThanOrEqual(20);
  });

  it('Tia Trial has services in free trial, one with 1 day left and one with several', async () => {
    const tia = await productsOf('usr-tia-0000001');
    const trials = (tia.userProducts as ProductRegistryGroup[])
      .flatMap((g) => g.products)
      .flatMap((p) => (p.trial ? [p.trial.daysLeft] : []));
    expect(trials).toContain(1);
    expect(trials.some((d) => d > 1)).toBe(true);
  });
});
