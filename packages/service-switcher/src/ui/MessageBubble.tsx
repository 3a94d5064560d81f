import type { Messages } from '../i18n/messages.ts';
import type { Message } from '../model/message.ts';

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

function Bubble(props: { type: string; text: string; dismiss: string; onDismiss: () => void }) {
  return (
    <div className="ics-bubble" data-type={props.type}>
      <span className="ics-bubble__text">{props.text}</span>
      <button
        type="button"
        className="ics-bubble__close"
        aria-label={props.dismiss}
        title={props.dismiss}
        onClick={props.onDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
