import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { tabbables, trapTab } from './focusTrap.ts';

/**
 * The dialog's focus (SW-2.8, SW-2.9, APG modal dialog): `dialog` opens as a modal while `open`
 * (the host page becomes inert) and focus returns to the element that opened it when it closes;
 * focus moves to the close control once the frame's stylesheets apply, then to the first control
 * once the content is `ready` — at once on a reopen, whose content is kept (decision 1151).
 * Returns the frame content's key handler: Escape closes, Tab stays inside.
 */
export function useModalFocus(
  dialog: RefObject<HTMLDialogElement | null>,
  body: HTMLElement | undefined,
  { open, sheetsLoaded, ready }: { open: boolean; sheetsLoaded: boolean; ready: boolean },
  closing: RefObject<() => void>,
) {
  // Open as a modal and remember who opened it.
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const opener = element.ownerDocument.activeElement as HTMLElement | null;
    // Where modal dialogs are missing (jsdom), the attribute opens and closes it, as a browser's
    // methods do, so a team's component test needs no polyfill.
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (element.open) {
        if (typeof element.close === 'function') element.close();
        else element.removeAttribute('open');
      }
      // The kept frame forgets its focus: the next open starts at its first control.
      const frameDocument = element.querySelector('iframe')?.contentDocument;
      (frameDocument?.activeElement as HTMLElement | null | undefined)?.blur?.();
      // APG: focus returns to the element that opened the dialog.
      queueMicrotask(() => opener?.focus());
    };
  }, [dialog, open]);

  // Focus moves into the dialog on open (to its first control), once it is shown.
  useEffect(() => {
    if (!open || !ready || !body) return;
    const doc = body.ownerDocument;
    if (doc.activeElement && doc.activeElement !== body) return;
    tabbables(body)[0]?.focus();
  }, [open, ready, body]);
  useEffect(() => {
    // Until the content is ready, the close control is the one thing to focus (once shown).
    if (open && sheetsLoaded) body?.querySelector<HTMLElement>('.ics-dialog__close')?.focus();
  }, [open, body, sheetsLoaded]);

  return (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closing.current();
    } else if (event.key === 'Tab' && body) {
      if (trapTab(body, body.ownerDocument.activeElement, event.shiftKey)) event.preventDefault();
    }
  };
}
