// The collation of labels (SW-2.14). A page's first `Intl.Collator` costs 7–24 ms in a fresh
// Chromium page (its data is loaded then), a second one 0.2 ms (issue 54): one collator per
// language, created once per page and reused by every sort, and created ahead of the first
// display when the page is idle (`data/coldCosts.ts`).

const collators = new Map<string, Intl.Collator>();

/** The collator that orders labels in `locale` (`de`, `zh_CN`), created once per page. */
export function labelCollator(locale: string): Intl.Collator {
  const tag = locale.replace('_', '-');
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(tag, { sensitivity: 'base', numeric: true });
    collators.set(tag, collator);
  }
  return collator;
}
