const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The elements Tab can reach inside `root`, in tab order (roving cards out of it excluded). */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden]') && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab inside `root` (SW-2.9): Tab on the last element goes to the first, Shift+Tab on
 * the first goes to the last. Returns true when it moved the focus.
 */
export function trapTab(root: ParentNode, active: Element | null, backwards: boolean): boolean {
  const all = tabbables(root);
  const first = all[0];
  const last = all.at(-1);
  if (!first || !last) return false;
  const inside = active !== null && all.includes(active as HTMLElement);
  if (backwards && (active === first || !inside)) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || !inside)) {
    first.focus();
    return true;
  }
  return false;
}
