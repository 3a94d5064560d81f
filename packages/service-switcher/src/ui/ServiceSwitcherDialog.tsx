import { useCallback, useState, type RefObject } from 'react';
import { DialogFrame } from './DialogFrame.tsx';
import type { ServiceSwitcherProps } from './ServiceSwitcher.tsx';
import { usePrepareAhead } from './usePrepareAhead.ts';

/**
 * Props of `ServiceSwitcherDialog`: the switcher's props (but `onRequestClose` and `onSettled`,
 * which the dialog handles), its open state and its trigger.
 */
export interface ServiceSwitcherDialogProps extends Omit<
  ServiceSwitcherProps,
  'onRequestClose' | 'onSettled'
> {
  /** Controlled open state; pair with `onOpenChange`. */
  readonly open?: boolean;
  /** Initial open state when uncontrolled; default false. */
  readonly defaultOpen?: boolean;
  /** Called with `false` when the user closes the dialog (close control, Escape, a card). */
  readonly onOpenChange?: (open: boolean) => void;
  /** Header title; default 'Intelligent Cloud Services'. */
  readonly title?: string;
  /**
   * Addresses of the frame's stylesheets (SW-2.6), for a host page that does not load the
   * switcher's stylesheets itself: the package's `design-system.css` and `switcher.css` as
   * the host serves them. Default: the frame reuses the host page's own copies — the rules
   * of its stylesheets that name an `ics-` class, token or attribute (token overrides
   * included), so each stylesheet is downloaded once per page; see docs/switcher.md.
   */
  readonly stylesheets?: readonly string[];
  /**
   * Prepares the first open ahead of intent (decision 0911): once the page is idle after it
   * has loaded (at the latest 1.5 s after), or at once when the pointer or focus rests on
   * `trigger`, it requests the product answer, its translation bundles, the code the dialog
   * loads and its stylesheets, so that the click finds them there, and draws the dialog,
   * closed, with its cards: the first open only shows it (decision 1165). Nothing is fetched
   * twice: the first open shows the prepared answer. Default true; `false` requests and draws
   * nothing before the dialog opens.
   */
  readonly prefetch?: boolean;
  /** The element that opens the dialog (the host's button): its hover and focus prepare it. */
  readonly trigger?: RefObject<HTMLElement | null>;
}

/**
 * The framed dialog (SW-2.4–2.9), a WAI-ARIA modal dialog: 903 x 520 (a sheet filling the
 * viewport where that does not fit), content in an isolated frame with the switcher's
 * stylesheets, a loader until they have loaded and the products have
 * arrived (or failed), focus moved in on open and kept inside, Escape closes from anywhere in
 * it, and focus goes back to the element that opened it.
 *
 * @example
 * ```tsx
 * // src/App.tsx (docs/getting-started.md): the dialog behind a button
 * import { usePlatformClient } from '@ics/platform-client/react';
 * import { ServiceSwitcherDialog } from '@ics/service-switcher';
 *
 * export default function App() {
 *   const client = usePlatformClient();
 *   const [open, setOpen] = useState(false);
 *   return (
 *     <main>
 *       <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
 *         Services
 *       </button>
 *       <ServiceSwitcherDialog client={client} open={open} onOpenChange={setOpen} />
 *     </main>
 *   );
 * }
 * ```
 */
export function ServiceSwitcherDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  title,
  prefetch = true,
  trigger,
  ...switcher
}: ServiceSwitcherDialogProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const open = openProp ?? uncontrolled;
  // Once prepared or opened, the dialog's frame is drawn and kept while closed: an open only
  // shows it (decisions 1151, 1165).
  const [kept, setKept] = useState(open);
  if (open && !kept) setKept(true);
  usePrepareAhead(switcher, prefetch, trigger, () => setKept(true));
  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setUncontrolled(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );
  return kept ? (
    <DialogFrame {...switcher} title={title} open={open} onClose={() => setOpen(false)} />
  ) : null;
}
