import { describe, expect, it } from 'vitest';
import { cardVariant, isLocked } from './variant.ts';

const user = new Set(['mine']);
const licensed = new Set(['licensed']);
const variant = (uniqueName: string, needLicense: boolean) =>
  cardVariant({ uniqueName, needLicense, userProducts: user, licensedProducts: licensed });

describe('given a product and the user’s access', () => {
  it('[SW-4.4] is none when the product is among the user’s products', () => {
    expect(variant('mine', true)).toBe('none');
  });

  it('[SW-4.4] [SW-3.10] is license when not accessible, needing a licence, and not in the licence set', () => {
    expect(variant('other', true)).toBe('license');
  });

  it('[SW-4.4] is permission when not accessible for any other reason', () => {
    expect(variant('licensed', true)).toBe('permission');
    expect(variant('other', false)).toBe('permission');
  });

  it('[SW-4.6] renders license, permission and unavailable locked, and offline not locked', () => {
    expect(
      (['none', 'license', 'permission', 'offline', 'unavailable'] as const).map(isLocked),
    ).toEqual([false, true, true, false, true]);
  });
});
