import { describe, expect, it } from 'vitest';
import { cardModels } from './cards.ts';
import type { Product } from './products.ts';

const product = (uniqueName: string, extra: Partial<Product> = {}): Product => ({
  uniqueName,
  label: uniqueName,
  tooltip: '',
  iconUrl: undefined,
  indexPageUrl: `/apps/${uniqueName}/`,
  openInNewWindow: false,
  learnMorePageUrl: `/docs/${uniqueName}/`,
  needLicense: true,
  localeResourceUrl: undefined,
  trialDaysLeft: undefined,
  category: { id: 'g', label: 'G', localeResourceUrl: undefined },
  ...extra,
});
const access = { userProducts: new Set(['mine', 'trial']), licensedProducts: new Set<string>() };
const base = 'https://host.example/demo/';

describe('given the products of one answer', () => {
  it('derives each card: its variant, resolved safe URLs, and whether it offers the star', () => {
    const products = [product('mine'), product('locked'), product('trial', { trialDaysLeft: 3 })];
    const cards = cardModels(access, base);
    const [mine, locked, trial] = products.map((p) => cards.get(p));
    expect(mine).toMatchObject({
      variant: 'none',
      href: 'https://host.example/apps/mine/',
      learnMore: 'https://host.example/docs/mine/',
      star: true,
    });
    // A locked card has no page to open and no star; a trial card has no star.
    expect(locked).toMatchObject({ variant: 'license', href: undefined, star: false });
    expect(trial).toMatchObject({ variant: 'none', star: false });
  });

  it('drops addresses that are not http or https, so that no card links to them', () => {
    const mine = product('mine', {
      indexPageUrl: 'java\tscript:alert(1)',
      learnMorePageUrl: 'data:text/html,<script>alert(1)</script>',
    });
    const cards = cardModels(access, base);
    expect(cards.get(mine)).toMatchObject({ href: undefined, learnMore: undefined });
  });

  it('derives a card once: the same object for the same product object, another for another', () => {
    const cards = cardModels(access, base);
    const mine = product('mine');
    const first = cards.get(mine);
    expect(cards.get(mine)).toBe(first);
    // The same product in another view is another object, with a card of its own.
    const other = cards.get({ ...mine });
    expect(other).not.toBe(first);
    expect(other).toEqual({ ...first, product: { ...mine } });
  });
});
