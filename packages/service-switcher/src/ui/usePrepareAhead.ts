import { useEffect, useRef, type RefObject } from 'react';
import { prepareSwitcher } from '../data/prepare.ts';
import { sessionStorageOrNone } from '../data/sessionStore.ts';
import { answerCode } from '../data/useProductData.ts';
import { gridCode } from './gridCode.ts';
import { browserLocale, type ServiceSwitcherProps } from './ServiceSwitcher.tsx';

/** At the latest this long after the page has loaded, an idle page prepares the dialog. */
const IDLE_TIMEOUT_MS = 1500;
/** What on the trigger shows the user's intent: the dialog is prepared at once. */
const INTENT_EVENTS = ['pointerenter', 'focus', 'pointerdown'] as const;

/**
 * Prepares the dialog's first open ahead of intent (decision 0911), unless `prefetch` is false:
 * once the page is idle after it has loaded, or at once when the pointer or focus rests on
 * `trigger`, it requests what the switcher of `switcher` will need, then calls `prepared` (the
 * dialog draws itself, closed, so that the open only shows it: decision 1165).
 */
export function usePrepareAhead(
  switcher: ServiceSwitcherProps & { readonly stylesheets?: readonly string[] | undefined },
  prefetch: boolean,
  trigger: RefObject<HTMLElement | null> | undefined,
  prepared: () => void,
) {
  const prepare = useRef<() => void>(undefined);
  prepare.current = () => {
    prepareSwitcher({
      client: switcher.client,
      locale: switcher.locale ?? browserLocale(),
      fetchBundle: switcher.fetchBundle,
      storage: switcher.storage ?? sessionStorageOrNone(),
      stylesheets: switcher.stylesheets ?? [],
      chunks: [gridCode],
      recents: switcher.recentServices !== false,
      answerCode,
      document,
      now: Date.now,
    });
    prepared();
  };
  useEffect(() => {
    if (!prefetch) return;
    const run = () => prepare.current?.();
    const view = window;
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof view.requestIdleCallback === 'function') {
        const idle = view.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => view.cancelIdleCallback(idle);
      } else {
        const timer = view.setTimeout(run, IDLE_TIMEOUT_MS);
        cancel = () => view.clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else view.addEventListener('load', whenIdle, { once: true });
    const element = trigger?.current;
    for (const type of INTENT_EVENTS) element?.addEventListener(type, run);
    return () => {
      view.removeEventListener('load', whenIdle);
      cancel();
      for (const type of INTENT_EVENTS) element?.removeEventListener(type, run);
    };
  }, [prefetch, trigger]);
}
