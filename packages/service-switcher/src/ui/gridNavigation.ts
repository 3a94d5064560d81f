/** Columns of the card grid (SW-2.13). */
export const COLUMNS = 3;

/**
 * The card link an arrow, Home or End key moves to from `from` (WAI-ARIA grid keys over a
 * roving tabindex): Left/Right step through all cards, Up/Down move a row within a section
 * and on to the same column of the next section, Home/End go to the first or last card.
 * Left and Right follow what the user sees: in a right-to-left grid, Left goes forward.
 */
export function cardLinkFor(
  container: HTMLElement,
  from: Element,
  key: string,
): HTMLElement | undefined {
  const grids = [...container.querySelectorAll<HTMLElement>('.ics-grid')].map((grid) => [
    ...grid.querySelectorAll<HTMLElement>(':scope > .ics-card > .ics-card__link'),
  ]);
  const all = grids.flat();
  const index = all.indexOf(from as HTMLElement);
  if (index < 0) return undefined;
  const g = grids.findIndex((links) => links.includes(from as HTMLElement));
  const links = grids[g] ?? [];
  const i = links.indexOf(from as HTMLElement);
  const column = i % COLUMNS;
  const rtl = container.ownerDocument.defaultView?.getComputedStyle(container).direction === 'rtl';
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return all[index + 1];
    case backward:
      return all[index - 1];
    case 'Home':
      return all[0];
    case 'End':
      return all.at(-1);
    case 'ArrowDown': {
      if (i + COLUMNS < links.length) return links[i + COLUMNS];
      // Still a lower row in this section, only shorter: its last card.
      if (Math.floor(i / COLUMNS) < Math.floor((links.length - 1) / COLUMNS)) return links.at(-1);
      const next = grids[g + 1];
      return next ? next[Math.min(column, next.length - 1)] : undefined;
    }
    case 'ArrowUp': {
      if (i - COLUMNS >= 0) return links[i - COLUMNS];
      const previous = grids[g - 1];
      if (!previous) return undefined;
      const lastRow = Math.floor((previous.length - 1) / COLUMNS) * COLUMNS;
      return previous[Math.min(lastRow + column, previous.length - 1)];
    }
    default:
      return undefined;
  }
}
