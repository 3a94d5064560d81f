import { chunk } from '../data/chunk.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Message } from '../model/message.ts';
import type * as BubbleCode from './Bubble.tsx';
import { useChunk } from './useChunk.ts';

// Rare (after a default-service change): loaded when a message first shows.
const bubbleCode = chunk<typeof BubbleCode>(() => import('./Bubble.tsx'));
type BubbleProps = Parameters<typeof BubbleCode.default>[0];

/** One message once the bubble's code has arrived; its plain text if the code cannot load. */
function Bubble(props: BubbleProps) {
  const { code, failed } = useChunk(bubbleCode);
  if (code) return <code.default {...props} />;
  return failed ? <span className="ics-bubble__text">{props.text}</span> : null;
}

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
          <Bubble type="success" text={text} dismiss={messages.dismissMessage} {...props} />
        ) : null}
      </div>
      <div role="alert" className="ics-bubble-region">
        {message.type === 'error' && text ? (
          <Bubble type="error" text={text} dismiss={messages.dismissMessage} {...props} />
        ) : null}
      </div>
    </div>
  );
}
