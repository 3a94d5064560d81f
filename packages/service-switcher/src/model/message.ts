import type { MessageKey } from '../i18n/messages.ts';

/** The message bubble's state (SW-3.7): type (success by default), shown or not, and the text's key. */
export interface Message {
  readonly type: 'success' | 'error';
  readonly show: boolean;
  readonly message: MessageKey | '';
  /** The service the message names ('{0}' in its text): the one whose star was pressed. */
  readonly service?: string;
  /**
   * Which outcome this is: each shown message gets a new one, so that the live region that
   * reads it changes even when the text repeats (issue 40).
   */
  readonly id?: number;
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

/**
 * The message of a default-service result (SW-8.1–8.4), naming the service (decision 1110);
 * `id` tells this outcome from the one before.
 */
export function defaultServiceMessage(
  outcome: 'set' | 'unset',
  ok: boolean,
  service: string,
  id: number,
): Message {
  const key =
    outcome === 'set'
      ? ok
        ? 'defaultSetSuccess'
        : 'defaultSetFailure'
      : ok
        ? 'defaultUnsetSuccess'
        : 'defaultUnsetFailure';
  return { ...showMessage(key, ok ? 'success' : 'error'), service, id };
}
