// Types the switcher and the cards' chunk both name, in a module of their own so that neither
// imports the other (the chunk is loaded by the switcher).
import type { RefObject } from 'react';
import type { SwitcherClient, SwitcherLogger } from '../data/client.ts';
import type { RecentServices } from '../data/recentServices.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';
import type { Product, ProductData } from '../model/products.ts';
import type { Direction } from './useDirection.ts';

/** The view shown: 'My Services' ('user') or 'All Services' ('all'). */
export type SwitcherView = 'user' | 'all';
/** Colour theme: light (default), dark, or auto (follows `prefers-color-scheme`). */
export type SwitcherTheme = 'light' | 'dark' | 'auto';

/** The switcher root's reference, language, direction and theme, on each of its states. */
export interface SwitcherRootProps {
  readonly ref: RefObject<HTMLDivElement | null>;
  readonly lang: string;
  readonly dir: Direction;
  readonly 'data-ics-theme': string;
}

/** What the switcher gives the cards' chunk once the products have arrived. */
export interface SwitcherGridProps {
  readonly client: SwitcherClient;
  /** The product answer, translated. */
  readonly data: ProductData;
  readonly locale: Locale;
  readonly messages: Messages;
  /** The switcher root's reference, language, direction and theme. */
  readonly rootProps: SwitcherRootProps;
  readonly storage: Storage | undefined;
  readonly logger: SwitcherLogger;
  readonly defaultView: SwitcherView;
  readonly onCardClick: ((product: Product) => unknown) | undefined;
  readonly onRequestClose: (() => void) | undefined;
  readonly onSettled: ((status: 'ready' | 'error') => void) | undefined;
  readonly searchEnabled: boolean;
  /** The recently used services, and the store that records openings. */
  readonly recentNames: readonly string[];
  readonly recents: RecentServices | undefined;
}
