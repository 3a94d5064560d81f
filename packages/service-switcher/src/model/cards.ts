import { showsDefaultStar } from './defaultStar.ts';
import type { Product } from './products.ts';
import { safeHttpUrl } from './safeUrl.ts';
import { cardVariant, type CardVariant } from './variant.ts';

/**
 * What a card shows that does not change while one product answer is shown: derived once per
 * answer, so that drawing a card parses no URL and decides nothing.
 */
export interface CardModel {
  readonly product: Product;
  readonly variant: CardVariant;
  /** The product's page, safe to link to (http or https); only for a usable card. */
  readonly href: string | undefined;
  /** The product's "learn more" page, safe to link to; undefined hides the info link. */
  readonly learnMore: string | undefined;
  /** Whether the card offers the default-service star (SW-4.9, SW-4.12). */
  readonly star: boolean;
}

/** The cards of one product answer. */
export interface CardModels {
  /** The card of a product object (views may differ in its category): the same object every time. */
  get(product: Product): CardModel;
}

/**
 * The card of each product, derived when it is first drawn and kept while the answer is shown,
 * so that a long catalogue pays for the cards of its first screen first; URLs are resolved
 * against `base`.
 */
export function cardModels(
  access: {
    readonly userProducts: ReadonlySet<string>;
    readonly licensedProducts: ReadonlySet<string>;
  },
  base: string,
): CardModels {
  const cards = new Map<Product, CardModel>();
  const derive = (product: Product): CardModel => {
    const variant = cardVariant({ ...product, ...access });
    return {
      product,
      variant,
      href: variant === 'none' ? safeHttpUrl(product.indexPageUrl, base) : undefined,
      learnMore: safeHttpUrl(product.learnMorePageUrl, base),
      star: showsDefaultStar({ ...product, variant }),
    };
  };
  return {
    get(product) {
      const known = cards.get(product);
      if (known) return known;
      const card = derive(product);
      cards.set(product, card);
      return card;
    },
  };
}
