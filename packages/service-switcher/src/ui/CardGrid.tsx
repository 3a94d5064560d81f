import type { Messages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';
import type { Product } from '../model/products.ts';
import type { ServiceSearch } from '../model/search.ts';
import type { CardVariant } from '../model/variant.ts';
import type { RovingTabStop } from './rovingTabStop.ts';
import { ServiceCard } from './ServiceCard.tsx';

export interface CardGridProps {
  readonly products: readonly Product[];
  /** Prefix of the cards' roving-tabindex keys, unique per section. */
  readonly section: string;
  readonly messages: Messages;
  readonly locale: Locale;
  readonly roving: RovingTabStop;
  readonly defaultService: string | undefined;
  readonly variantOf: (product: Product) => CardVariant;
  readonly onOpen: (product: Product) => void;
  readonly onToggleDefault: (product: Product) => void;
  readonly onMissingImage: (product: Product) => void;
  /** The search query whose first match is marked in each title; '' marks nothing. */
  readonly query?: string;
  /** The search that finds the match (loaded once the user searches). */
  readonly search?: ServiceSearch | undefined;
}

/** Cards three to a row (SW-2.13). */
export function CardGrid({
  products,
  section,
  defaultService,
  variantOf,
  query = '',
  search,
  ...rest
}: CardGridProps) {
  return (
    <ul className="ics-grid">
      {products.map((product) => {
        const cardKey = `${section}/${product.uniqueName}`;
        const [markStart, markEnd] = (query && search?.range(product.label, query)) || [];
        return (
          <ServiceCard
            key={product.uniqueName}
            {...rest}
            product={product}
            cardKey={cardKey}
            isDefaultService={product.uniqueName === defaultService}
            variant={variantOf(product)}
            markStart={markStart}
            markEnd={markEnd}
          />
        );
      })}
    </ul>
  );
}
