// The props of the cards' chunk, apart from the public types: they name the messages, whose
// declarations import JSON, which no public declaration may reach (TS1543 under NodeNext).
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import type { RecentServices } from '../data/recentServices.ts';
import type { FirstMessages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';
import type { Product, ProductData } from '../model/products.ts';
import type { SwitcherRootProps, SwitcherView } from './switcherTypes.ts';

/** What the switcher gives the cards' chunk once the products have arrived. */
export interface SwitcherGridProps {
  readonly client: SwitcherClient;
  /** The product answer, translated. */
  readonly data: ProductData;
  readonly locale: Locale;
  /** The language's texts as the switcher has them: English's card texts are the chunk's own. */
  readonly messages: FirstMessages;
  /** The switcher root's reference, language, direction and theme. */
  readonly rootProps: SwitcherRootProps;
  readonly storage: Storage | undefined;
  readonly logger: SwitcherLogger;
  readonly defaultView: SwitcherView;
  readonly onCardClick: ((product: Product) => unknown) | undefined;
  readonly onRequestClose: (() => void) | undefined;
  readonly onSettled: ((status: 'ready' | 'error') => void) | undefined;
  readonly searchEnabled: boolean;
  /** The products came after 'Try again': focus goes to the first card, the list is announced. */
  readonly recovered: boolean;
  /** The recently used services, and the store that records openings. */
  readonly recentNames: readonly string[];
  readonly recents: RecentServices | undefined;
}
