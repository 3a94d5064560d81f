import { useEffect, useRef, type RefObject } from 'react';

const disabled = (element: Element) =>
  element instanceof HTMLElement && element.matches(':disabled');

/**
 * Keeps keyboard focus in the panel (decision 1119): when the panel changes (another tab of the
 * nav, or the address's `#fragment`), focus moves to its heading, which a screen reader then
 * reads; and when the focused control goes away (a removed row's button, a button disabled by
 * its own action), focus moves to the heading instead of falling to the page's `<body>`. Every
 * panel gets both without doing anything.
 */
export function usePanelFocus(
  panel: string,
  main: RefObject<HTMLElement | null>,
  heading: RefObject<HTMLElement | null>,
): void {
  const shown = useRef(panel);
  useEffect(() => {
    if (shown.current === panel) return;
    shown.current = panel;
    heading.current?.focus();
  }, [panel, heading]);

  useEffect(() => {
    const area = main.current;
    if (!area) return;
    // The control last focused in the panel, until focus moves to another element.
    let last: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target as Element;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) last = null;
    };
    const observer = new MutationObserver(() => {
      const lost = last && (!last.isConnected || disabled(last));
      const away = document.activeElement === document.body || document.activeElement === last;
      if (lost && away) heading.current?.focus();
    });
    area.addEventListener('focusin', onFocusIn);
    area.addEventListener('focusout', onFocusOut);
    observer.observe(area, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    return () => {
      area.removeEventListener('focusin', onFocusIn);
      area.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, [panel, main, heading]);
}
