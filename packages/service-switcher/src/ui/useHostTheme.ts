import { useLayoutEffect } from 'react';
import type { SwitcherTheme } from './switcherTypes.ts';

/**
 * Sets `name` on the page's `<html>` to `value` while the calling component is mounted, and
 * puts back what was there when it unmounts; `undefined` leaves the page's own value alone.
 */
export function useRootAttribute(name: string, value: string | undefined): void {
  useLayoutEffect(() => {
    if (value === undefined) return;
    const html = document.documentElement;
    const before = html.getAttribute(name);
    html.setAttribute(name, value);
    return () => {
      if (before === null) html.removeAttribute(name);
      else html.setAttribute(name, before);
    };
  }, [name, value]);
}

/**
 * Themes the host page with the theme given to the switcher: sets `data-ics-theme` on `<html>`
 * to `theme` while the calling component is mounted, and puts back what was there when it
 * unmounts. Call it where the theme is chosen, with the value passed as the `theme` prop, so the
 * page's own uses of the tokens, its form controls and scroll bars follow the switcher.
 */
export function useHostTheme(theme: SwitcherTheme): void {
  useRootAttribute('data-ics-theme', theme);
}
