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

/** The card of each product (of each product object: views may differ in category); URLs are resolved against `base`. */
export function cardModels(
  products: Iterable<Product>,
  access: {
    readonly userProducts: ReadonlySet<string>;
    readonly licensedProducts: ReadonlySet<string>;
  },
  base: string,
): Map<Product, CardModel> {
  const cards = new Map<Product, CardModel>();
  for (const product of products) {
    const variant = cardVariant({ ...product, ...access });
    cards.set(product, {
      product,
      variant,
      href: variant === 'none' ? safeHttpUrl(product.indexPageUrl, base) : undefined,
      learnMore: safeHttpUrl(product.learnMorePageUrl, base),
      star: showsDefaultStar({ ...product, variant }),
    });
  }
  return cards;
}
