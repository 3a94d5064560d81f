import { useLayoutEffect, useState, type RefObject } from 'react';

/** Text direction of the switcher's root. */
export type Direction = 'ltr' | 'rtl';

/**
 * The direction the switcher sets on its root (WCAG 1.3.2): the `dir` the host asked for,
 * else the direction of the element it is mounted in (read before the first paint), so a
 * right-to-left host gets a mirrored switcher. Every interface language of the widget is
 * written left to right, so that is the answer until the host has been read. Read again when
 * `shown` changes: a dialog drawn closed ahead of its open (decision 1165) takes the host's
 * direction as it is when opened.
 */
export function useDirection(
  root: RefObject<HTMLElement | null>,
  requested: Direction | undefined,
  shown?: boolean,
): Direction {
  const [host, setHost] = useState<Direction>('ltr');
  useLayoutEffect(() => {
    const parent = root.current?.parentElement;
    if (requested || !parent) return;
    const view = parent.ownerDocument.defaultView;
    setHost(view?.getComputedStyle(parent).direction === 'rtl' ? 'rtl' : 'ltr');
  }, [root, requested, shown]);
  return requested ?? host;
}
