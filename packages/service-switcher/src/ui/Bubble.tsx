/**
 * One message of the bubble with its dismiss button; loaded when a message first shows. Its
 * text is read from the live regions beside it (MessageBubble), so it is hidden here.
 */
export default function Bubble(props: {
  type: string;
  text: string;
  dismiss: string;
  onDismiss: () => void;
}) {
  return (
    <div className="ics-bubble" data-type={props.type}>
      <span className="ics-bubble__text" aria-hidden="true">
        {props.text}
      </span>
      <button
        type="button"
        className="ics-bubble__close"
        aria-label={props.dismiss}
        onClick={props.onDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
