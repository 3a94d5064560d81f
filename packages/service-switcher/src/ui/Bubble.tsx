/** One message of the bubble with its dismiss button; loaded when a message first shows. */
export default function Bubble(props: {
  type: string;
  text: string;
  dismiss: string;
  onDismiss: () => void;
}) {
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
