import { chunk } from '../data/chunk.ts';
import { format, type Messages } from '../i18n/messages.ts';
import type { Message } from '../model/message.ts';
import type { ProductGroup } from '../model/products.ts';
import type * as BubbleCode from './Bubble.tsx';
import { useChunk } from './useChunk.ts';

// Rare (after a default-service change): loaded when a message first shows.
const bubbleCode = chunk<typeof BubbleCode>(() => import('./Bubble.tsx'));
type BubbleProps = Parameters<typeof BubbleCode.default>[0];

/** One message once the bubble's code has arrived; its plain text if the code cannot load. */
function Bubble(props: BubbleProps) {
  const { code, failed } = useChunk(bubbleCode);
  if (code) return <code.default {...props} />;
  return failed ? (
    <span className="ics-bubble__text" aria-hidden="true">
      {props.text}
    </span>
  ) : null;
}

/** The label of the product `uniqueName` (its unique name when it is not shown). */
const labelOf = (groups: readonly ProductGroup[], uniqueName = '') =>
  groups.flatMap((g) => g.products).find((p) => p.uniqueName === uniqueName)?.label ?? uniqueName;

/**
 * The outcome of a default-service change (SW-2.15): a polite status for success, an alert for
 * failure, and the visible bubble with its dismiss button. The two live regions stay mounted,
 * so that screen readers announce the text when it appears, and hold the text alone: the
 * dismiss button is not read as part of the message. Each outcome's text is a new node
 * (keyed by the message's id), so a repeated text is announced again (issue 40).
 */
export function MessageBubble(props: {
  message: Message;
  messages: Messages;
  /** The groups of every product: where the service the message names is found. */
  groups: readonly ProductGroup[];
  onDismiss: () => void;
}) {
  const { message, messages } = props;
  const text =
    message.show && message.message
      ? format(messages[message.message], labelOf(props.groups, message.service))
      : '';
  const spoken = (type: Message['type']) =>
    message.type === type && text ? <span key={message.id}>{text}</span> : null;
  return (
    <div className="ics-bubbles">
      {text ? (
        <Bubble
          type={message.type}
          text={text}
          dismiss={messages.dismissMessage}
          onDismiss={props.onDismiss}
        />
      ) : null}
      <p role="status" className="ics-visually-hidden">
        {spoken('success')}
      </p>
      <p role="alert" className="ics-visually-hidden">
        {spoken('error')}
      </p>
    </div>
  );
}
