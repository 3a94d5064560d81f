import type { MessageKey } from '../i18n/messages.ts';

/** The message bubble's state (SW-3.7): type (success by default), shown or not, and the text's key. */
export interface Message {
  readonly type: 'success' | 'error';
  readonly show: boolean;
  readonly message: MessageKey | '';
}

/** The bubble before anything happened: hidden (SW-4.11). */
export const hiddenMessage: Message = { type: 'success', show: false, message: '' };

/** A shown message; success unless told otherwise (SW-3.7). */
export const showMessage = (message: MessageKey, type: Message['type'] = 'success'): Message => ({
  type,
  show: true,
  message,
});

/** The bubble closed by the user: hidden again, text kept for the closing transition. */
export const closeMessage = (current: Message): Message => ({ ...current, show: false });

/** The message of a default-service result (SW-8.1–8.4). */
export function defaultServiceMessage(outcome: 'set' | 'unset', ok: boolean): Message {
  if (outcome === 'set')
    return ok ? showMessage('defaultSetSuccess') : showMessage('defaultSetFailure', 'error');
  return ok ? showMessage('defaultUnsetSuccess') : showMessage('defaultUnsetFailure', 'error');
}
