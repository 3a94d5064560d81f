/** Columns of the card grid (SW-2.13) where the page is wide enough (decision 0900). */
export const COLUMNS = 3;

/** Where each card sits: its section and its place in it, found in O(1). */
export interface GridLayout {
  readonly sections: readonly (readonly string[])[];
  readonly first: string | undefined;
  readonly last: string | undefined;
  readonly at: ReadonlyMap<string, { readonly section: number; readonly index: number }>;
}

/** The layout of the cards' keys, section by section, in the order they are shown. */
export function gridLayout(sections: readonly (readonly string[])[]): GridLayout {
  const at = new Map<string, { section: number; index: number }>();
  sections.forEach((keys, section) =>
    keys.forEach((key, index) => at.set(key, { section, index })),
  );
  const filled = sections.filter((keys) => keys.length > 0);
  return { sections, at, first: filled[0]?.[0], last: filled.at(-1)?.at(-1) };
}

/**
 * The card an arrow, Home or End key moves to from `from` (WAI-ARIA grid keys over a roving
 * tabindex): Left/Right step through all cards (mirrored when `direction` is 'rtl'), Up/Down
 * move a row of `columns` cards within a section and on to the same column of the next
 * section, Home/End go to the first or last card. Constant time whatever the number of cards.
 */
export function nextCard(
  layout: GridLayout,
  from: string,
  key: string,
  direction: 'ltr' | 'rtl' = 'ltr',
  columns = COLUMNS,
): string | undefined {
  const place = layout.at.get(from);
  if (!place) return undefined;
  const links = layout.sections[place.section] ?? [];
  const i = place.index;
  const column = i % columns;
  const step = (by: 1 | -1): string | undefined => {
    const within = links[i + by];
    if (within !== undefined) return within;
    // Over the section's edge: the next (or previous) section that has cards.
    for (let s = place.section + by; s >= 0 && s < layout.sections.length; s += by) {
      const other = layout.sections[s] ?? [];
      if (other.length > 0) return by === 1 ? other[0] : other.at(-1);
    }
    return undefined;
  };
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return step(1);
    case backward:
      return step(-1);
    case 'Home':
      return layout.first;
    case 'End':
      return layout.last;
    case 'ArrowDown': {
      if (i + columns < links.length) return links[i + columns];
      // Still a lower row in this section, only shorter: its last card.
      if (Math.floor(i / columns) < Math.floor((links.length - 1) / columns)) return links.at(-1);
      const next = layout.sections[place.section + 1];
      return next ? next[Math.min(column, next.length - 1)] : undefined;
    }
    case 'ArrowUp': {
      if (i - columns >= 0) return links[i - columns];
      const previous = layout.sections[place.section - 1];
      if (!previous) return undefined;
      const lastRow = Math.floor((previous.length - 1) / columns) * columns;
      return previous[Math.min(lastRow + column, previous.length - 1)];
    }
    default:
      return undefined;
  }
}
