import type { Messages } from '../i18n/messages.ts';
import type { Product } from '../model/products.ts';
import type { CardVariant } from '../model/variant.ts';
import { ServiceCard } from './ServiceCard.tsx';

export interface CardGridProps {
  readonly products: readonly Product[];
  readonly messages: Messages;
  readonly variantOf: (product: Product) => CardVariant;
  readonly onOpen: (product: Product) => void;
  readonly onMissingImage: (product: Product) => void;
}

/** Cards three to a row (SW-2.13). */
export function CardGrid({ products, messages, variantOf, onOpen, onMissingImage }: CardGridProps) {
  return (
    <ul className="ics-grid">
      {products.map((product) => (
        <ServiceCard
          key={product.uniqueName}
          product={product}
          variant={variantOf(product)}
          messages={messages}
          onOpen={onOpen}
          onMissingImage={onMissingImage}
        />
      ))}
    </ul>
  );
}
