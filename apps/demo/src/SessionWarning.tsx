import { useEffect, useRef, useState } from 'react';
import { session } from './client.ts';

/**
 * Warns before the idle logout and lets the user stay signed in with one action
 * (WCAG 2.2.1 Timing Adjustable). The countdown is read from the session's event.
 */
export function SessionWarning() {
  const [logoutAt, setLogoutAt] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const button = useRef<HTMLButtonElement>(null);

  useEffect(
    () =>
      session.subscribe((event) => {
        if (event.type === 'warning') setLogoutAt(Date.now() + event.remainingMs);
        if (event.type === 'active' || event.type === 'timeout') setLogoutAt(undefined);
      }),
    [],
  );
  useEffect(() => {
    if (logoutAt === undefined) return;
    button.current?.focus();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [logoutAt]);

  if (logoutAt === undefined) return null;
  const seconds = Math.max(0, Math.ceil((logoutAt - now) / 1000));
  return (
    <div
      className="host__session-warning"
      role="alertdialog"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-text"
    >
      <h2 id="session-warning-title">Are you still there?</h2>
      <p id="session-warning-text">
        You will be signed out in {seconds} seconds because there has been no activity.
      </p>
      <button
        ref={button}
        type="button"
        className="ics-button"
        onClick={() => session.staySignedIn()}
      >
        Stay signed in
      </button>
    </div>
  );
}
