import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { tabbables, trapTab } from './focusTrap.ts';

/**
 * The dialog's focus (SW-2.8, SW-2.9, APG modal dialog): `dialog` opens as a modal (the host page
 * becomes inert) and focus returns to the element that opened it when it closes; focus moves
 * to the close control once the frame's stylesheets apply, then to the first control once the
 * content is `ready`. Returns the frame content's key handler: Escape closes, Tab stays inside.
 */
export function useModalFocus(
  dialog: RefObject<HTMLDialogElement | null>,
  body: HTMLElement | undefined,
  sheetsLoaded: boolean,
  ready: boolean,
  closing: RefObject<() => void>,
) {
  // Open as a modal and remember who opened it.
  useEffect(() => {
    const element = dialog.current;
    const opener = element?.ownerDocument.activeElement as HTMLElement | null;
    // Where modal dialogs are missing (jsdom), the attribute opens and closes it, as a browser's
    // methods do, so a team's component test needs no polyfill.
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (element?.open) {
        if (typeof element.close === 'function') element.close();
        else element.removeAttribute('open');
      }
      // APG: focus returns to the element that opened the dialog.
      queueMicrotask(() => opener?.focus());
    };
  }, [dialog]);

  // Focus moves into the dialog on open (to its first control), once it is shown.
  useEffect(() => {
    if (!ready || !body) return;
    const doc = body.ownerDocument;
    if (doc.activeElement && doc.activeElement !== body) return;
    tabbables(body)[0]?.focus();
  }, [ready, body]);
  useEffect(() => {
    // Until the content is ready, the close control is the one thing to focus (once shown).
    if (sheetsLoaded) body?.querySelector<HTMLElement>('.ics-dialog__close')?.focus();
  }, [body, sheetsLoaded]);

  return (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closing.current();
    } else if (event.key === 'Tab' && body) {
      if (trapTab(body, body.ownerDocument.activeElement, event.shiftKey)) event.preventDefault();
    }
  };
}
