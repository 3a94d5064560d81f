import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { ServiceSwitcherProps } from './ui/ServiceSwitcher.tsx';
import { ServiceSwitcher } from './ui/ServiceSwitcher.tsx';
import {
  ServiceSwitcherDialog,
  type ServiceSwitcherDialogProps,
} from './ui/ServiceSwitcherDialog.tsx';
import { ServiceSwitcherPage, type ServiceSwitcherPageProps } from './ui/ServiceSwitcherPage.tsx';

/** Options of `mountServiceSwitcher`: the props of the chosen presentation. */
export type MountOptions =
  | ({ readonly presentation?: 'embedded' } & ServiceSwitcherProps)
  | ({ readonly presentation: 'page' } & ServiceSwitcherPageProps)
  | ({ readonly presentation: 'dialog'; readonly onClose?: () => void } & Omit<
      ServiceSwitcherDialogProps,
      'open' | 'defaultOpen' | 'onOpenChange'
    >);

/**
 * For hosts not written in React: renders the switcher into `element` — the grid
 * (`presentation: 'embedded'`, the default), the standalone page (`'page'`) or the framed
 * dialog, opened at once (`'dialog'`; `onClose` runs when the user closes it). Returns the
 * function that unmounts it.
 */
export function mountServiceSwitcher(element: Element, options: MountOptions): () => void {
  const root = createRoot(element);
  if (options.presentation === 'dialog') {
    const { onClose, presentation: _, ...props } = options;
    root.render(
      createElement(ServiceSwitcherDialog, {
        ...props,
        defaultOpen: true,
        onOpenChange: (open: boolean) => {
          if (!open) onClose?.();
        },
      }),
    );
  } else if (options.presentation === 'page') {
    const { presentation: _, ...props } = options;
    root.render(createElement(ServiceSwitcherPage, props));
  } else {
    const { presentation: _, ...props } = options;
    root.render(createElement(ServiceSwitcher, props));
  }
  return () => root.unmount();
}
