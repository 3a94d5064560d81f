import type { ReactNode } from 'react';
import { sessionStorageOrNone } from '../data/sessionStore.ts';
import { answerCode } from '../data/useProductData.ts';
import { recentsCode } from '../data/useRecentServices.ts';
import { payColdCosts, whenIdle } from '../data/coldCosts.ts';
import { gridCode } from './gridCode.ts';
import {
  browserLocale,
  ServiceSwitcher as SwitcherDisplay,
  type ServiceSwitcherProps,
} from './ServiceSwitcher.tsx';

/** At the latest this long after evaluation, the page's once-only costs are paid (1250). */
const IDLE_TIMEOUT_MS = 1000;

// A host that embeds the switcher draws it at once: the code that reads the answer and draws the
// cards is requested when this module is evaluated, not at the first render, so that it is in the
// page when the answer is (decision 1167). The dialog, the page and `mountServiceSwitcher` do not
// import this module: what the dialog asks for before an open follows its `prefetch` (0911).
// The recently used services' store (on by default) is asked for with them, and what a page
// pays once for a first display (the collator, the storage) is paid when it is idle (1250), and
// then the first run of a display's code (1303).
if (typeof window !== 'undefined') {
  const view = window;
  void gridCode.load().catch(() => {}); // the render reports a failure, and asks again
  void answerCode.load().catch(() => {});
  void recentsCode.load().catch(() => {}); // reported page-wide; the row does not appear
  whenIdle(
    view,
    () => {
      payColdCosts(browserLocale(), sessionStorageOrNone());
      // From the cards' chunk, which carries it (ui/warmDisplay.tsx says why).
      gridCode.load().then(
        (grid) => grid.drawAhead(view, SwitcherDisplay, answerCode.load()),
        () => {}, // the display that is opened loads (and reports) what it needs
      );
    },
    IDLE_TIMEOUT_MS,
  );
}

/**
 * The grid of service cards with its two views, loading, empty and error states. The code that
 * draws the cards and reads the answer is a chunk, requested when this module is evaluated.
 */
export const ServiceSwitcher: (props: ServiceSwitcherProps) => ReactNode = SwitcherDisplay;
