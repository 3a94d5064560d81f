import { useLayoutEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Product, ProductGroup } from '../model/products.ts';
import { gridLayout } from './gridNavigation.ts';
import { CardFocus } from './cardFocus.ts';
import type { SwitcherView } from './switcherTypes.ts';
import type { Direction } from './useDirection.ts';

/**
 * The keyboard model of the cards: every card in the Tab order, and the arrow keys
 * moving focus through the sections of `view` as drawn (decisions 0840, 1113). Returns the focus, the product of a
 * card's key, and a move of the focus to the first card (the search field's way into its
 * results).
 */
export function useGridKeyboard(
  view: SwitcherView,
  recent: readonly Product[],
  drawn: { readonly user: readonly Product[]; readonly all: readonly ProductGroup[] },
  dir: Direction,
) {
  const [focus] = useState(() => new CardFocus());
  // The cards' keys as shown, section by section: what the arrow keys move through.
  const [layout, sections] = useMemo(() => {
    const sections: [string, readonly Product[]][] =
      view === 'user'
        ? [
            ['recent', recent],
            ['user', drawn.user],
          ]
        : drawn.all.map((g) => [g.uniqueName, g.products]);
    return [
      gridLayout(
        sections.map(([name, products]) => products.map((p) => `${name}/${p.uniqueName}`)),
      ),
      sections,
    ] as const;
  }, [drawn, recent, view]);
  // After every commit, so that keys never meet a layout the page does not show yet.
  useLayoutEffect(() => focus.setLayout(layout, sections));
  const productOf = (key: string) => {
    const at = layout.at.get(key);
    return at && sections[at.section]?.[1][at.index];
  };
  const focusFirstResult = () => {
    // Home from the first card: focus moves to it.
    if (layout.first !== undefined) focus.handleKey(layout.first, 'Home', dir);
  };
  return { focus, productOf, focusFirstResult };
}

/** '/' finds a service from anywhere in the switcher, except while typing in a field. */
export const slashToSearch =
  (field: RefObject<HTMLInputElement | null>) => (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== '/' || !field.current || target.isContentEditable) return;
    if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
    event.preventDefault();
    field.current.focus();
  };
