import { useCallback, useEffect, useId } from 'react';
import type { Messages } from '../i18n/messages.ts';
import type { CardModels } from '../model/cards.ts';
import type { Locale } from '../model/language.ts';
import type { Product } from '../model/products.ts';
import type { ServiceSearch } from '../model/search.ts';
import type { CardFocus } from './cardFocus.ts';
import { ServiceCard } from './ServiceCard.tsx';

export interface CardGridProps {
  readonly products: readonly Product[];
  /** The cards of the products shown. */
  readonly cards: CardModels;
  /** Name of the section in the cards' `CardFocus`, unique per switcher. */
  readonly section: string;
  readonly messages: Messages;
  readonly locale: Locale;
  readonly focus: CardFocus;
  readonly defaultService: string | undefined;
  /** Called for each product shown without an image (SW-2.21). */
  readonly onMissingImage: (product: Product) => void;
  /** The search query whose first match is marked in each title; '' marks nothing. */
  readonly query?: string;
  /** The search that finds the match (loaded once the user searches). */
  readonly search?: ServiceSearch | undefined;
  /** How many of the first cards load their images at once; the others load them lazily. */
  readonly eagerImages?: number;
  /** The list's name, where no heading of its own names it (after 'Recently used'). */
  readonly label?: string | undefined;
}

/** Cards three to a row (SW-2.13); their events are handled by `cardGridEvents`. */
export function CardGrid({
  products,
  cards,
  section,
  messages,
  locale,
  focus,
  defaultService,
  onMissingImage,
  query = '',
  search,
  eagerImages = Infinity,
  label,
}: CardGridProps) {
  const ids = useId();
  const list = useCallback(
    (element: HTMLUListElement | null) => focus.register(section, element),
    [focus, section],
  );
  useEffect(() => {
    for (const product of products) if (!product.iconUrl) onMissingImage(product);
  }, [products, onMissingImage]);
  return (
    <ul className="ics-grid" data-section={section} ref={list} aria-label={label}>
      {products.map((product, index) => {
        const card = cards.get(product);
        const [markStart, markEnd] = (query && search?.range(product.label, query)) || [];
        return (
          <ServiceCard
            key={product.uniqueName}
            card={card}
            idPrefix={ids}
            messages={messages}
            locale={locale}
            isDefaultService={product.uniqueName === defaultService}
            markStart={markStart}
            markEnd={markEnd}
            lazyImage={index >= eagerImages}
          />
        );
      })}
    </ul>
  );
}
