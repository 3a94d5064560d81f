import { lazy, Suspense } from 'react';
import type { Messages } from '../i18n/messages.ts';
import type { Message } from '../model/message.ts';

// Rare (after a default-service change): loaded when a message first shows.
const Bubble = lazy(() => import('./Bubble.tsx'));

/**
 * The outcome of a default-service change (SW-2.15): a polite status for success, an alert for
 * failure, closed by its dismiss button. Both live regions stay mounted so that screen readers
 * announce the text when it appears.
 */
export function MessageBubble(props: {
  message: Message;
  messages: Messages;
  onDismiss: () => void;
}) {
  const { message, messages } = props;
  const text = message.show && message.message ? messages[message.message] : '';
  return (
    <div className="ics-bubbles">
      <div role="status" className="ics-bubble-region">
        {message.type === 'success' && text ? (
          <Suspense fallback={null}>
            <Bubble type="success" text={text} dismiss={messages.dismissMessage} {...props} />
          </Suspense>
        ) : null}
      </div>
      <div role="alert" className="ics-bubble-region">
        {message.type === 'error' && text ? (
          <Suspense fallback={null}>
            <Bubble type="error" text={text} dismiss={messages.dismissMessage} {...props} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
