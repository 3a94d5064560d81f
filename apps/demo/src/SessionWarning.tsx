import { useIdleSession } from '@ics/platform-client/react';
import { useEffect, useRef } from 'react';

/**
 * Warns before the idle logout and lets the user stay signed in with one action
 * (WCAG 2.2.1 Timing Adjustable), on the client's `useIdleSession`.
 */
export function SessionWarning() {
  const { warning, secondsLeft, extend } = useIdleSession();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (warning) button.current?.focus();
  }, [warning]);

  if (!warning) return null;
  return (
    <div
      className="host__session-warning"
      role="alertdialog"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-text"
    >
      <h2 id="session-warning-title">Are you still there?</h2>
      <p id="session-warning-text">
        You will be signed out in {secondsLeft} seconds because there has been no activity.
      </p>
      <button ref={button} type="button" className="ics-button" onClick={extend}>
        Stay signed in
      </button>
    </div>
  );
}
