import { useLayoutEffect } from 'react';
import type { SwitcherTheme } from './switcherTypes.ts';

/**
 * Themes the host page with the theme given to the switcher: sets `data-ics-theme` on `<html>`
 * to `theme` while the calling component is mounted, and puts back what was there when it
 * unmounts. Call it where the theme is chosen, with the value passed as the `theme` prop, so the
 * page's own uses of the tokens, its form controls and scroll bars follow the switcher.
 */
export function useHostTheme(theme: SwitcherTheme): void {
  useLayoutEffect(() => {
    const html = document.documentElement;
    const before = html.getAttribute('data-ics-theme');
    html.setAttribute('data-ics-theme', theme);
    return () => {
      if (before === null) html.removeAttribute('data-ics-theme');
      else html.setAttribute('data-ics-theme', before);
    };
  }, [theme]);
}
