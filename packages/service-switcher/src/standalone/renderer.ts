// What the element (element.ts) and its React part (render.ts) agree on; types only, so the two
// import each other in one direction: the element loads the React part when it needs it.
import type { SwitcherClient } from '../data/client.ts';
import type { Locale } from '../model/language.ts';
import type { Product } from '../model/products.ts';
import type { SwitcherTheme, SwitcherView } from '../ui/switcherTypes.ts';

/** What the element passes to its renderer: its attributes, read and checked. */
export interface ElementProps {
  readonly presentation: 'dialog' | 'page' | 'embedded';
  readonly platform: string | undefined;
  readonly client: SwitcherClient | undefined;
  readonly locale: Locale | undefined;
  readonly defaultView: SwitcherView | undefined;
  readonly theme: SwitcherTheme | undefined;
  readonly heading: string | undefined;
  readonly logout: boolean;
  readonly search: boolean;
  readonly recentServices: boolean;
  readonly open: boolean;
  readonly prefetch: boolean;
  readonly trigger: { readonly current: HTMLElement | null };
  readonly onCardClick: (product: Product) => boolean;
  readonly onSettled: (status: 'ready' | 'error') => void;
  readonly onOpenChange: (open: boolean) => void;
}

/** Draws the switcher into an element (the React part, a chunk of its own). */
export type Renderer = (element: HTMLElement) => {
  render(props: ElementProps): void;
  unmount(): void;
};
