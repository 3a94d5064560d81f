import type { ReactNode } from 'react';
import { answerCode } from '../data/useProductData.ts';
import { gridCode } from './gridCode.ts';
import {
  ServiceSwitcher as SwitcherDisplay,
  type ServiceSwitcherProps,
} from './ServiceSwitcher.tsx';

// A host that embeds the switcher draws it at once: the code that reads the answer and draws the
// cards is requested when this module is evaluated, not at the first render, so that it is in the
// page when the answer is (decision 1167). The dialog, the page and `mountServiceSwitcher` do not
// import this module: what the dialog asks for before an open follows its `prefetch` (0911).
if (typeof window !== 'undefined') {
  void gridCode.load().catch(() => {}); // the render reports a failure, and asks again
  void answerCode.load().catch(() => {});
}

/**
 * The grid of service cards with its two views, loading, empty and error states. The code that
 * draws the cards and reads the answer is a chunk, requested when this module is evaluated.
 */
export const ServiceSwitcher: (props: ServiceSwitcherProps) => ReactNode = SwitcherDisplay;
