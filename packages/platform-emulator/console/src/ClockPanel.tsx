import { useEffect, useState } from 'react';
import { call, type EmulatorState } from './api.ts';
import { Outcome, useOutcome } from './outcome.tsx';

const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

/** The emulator's time, moved forward by minutes, hours or days, and back to real time. */
export function ClockPanel({ state }: { state?: EmulatorState }) {
  const [amount, setAmount] = useState('30');
  const [unit, setUnit] = useState<'minutes' | 'hours' | 'days'>('minutes');
  const { said, say } = useOutcome();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const act = (path: string, body?: unknown) =>
    call<{ offsetMs: number }>('POST', path, body).then(
      () => say(body ? `Advanced by ${amount} ${unit}.` : 'Back to real time.'),
      (e: Error) => say(e.message),
    );

  const offset = state?.offsetMs ?? 0;
  return (
    <>
      <dl className="console__facts">
        <dt>Emulator time</dt>
        <dd data-testid="emulator-time">{stamp(now + offset)}</dd>
        <dt>Real time</dt>
        <dd>{stamp(now)}</dd>
        <dt>Ahead by</dt>
        <dd>{offset === 0 ? 'nothing' : `${Math.round(offset / 60_000)} minutes`}</dd>
      </dl>
      <form
        className="console__row"
        onSubmit={(e) => {
          e.preventDefault();
          void act('/clock/advance', { [unit]: Number(amount) });
        }}
      >
        <label>
          Advance by
          <input
            type="number"
            min="1"
            step="any"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            size={6}
          />
        </label>
        <label>
          Unit
          <select value={unit} onChange={(e) => setUnit(e.target.value as typeof unit)}>
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </select>
        </label>
        <button type="submit" className="ics-button">
          Advance
        </button>
        <button
          type="button"
          className="ics-button ics-button--secondary"
          onClick={() => void act('/clock/reset')}
          disabled={offset === 0}
        >
          Back to real time
        </button>
      </form>
      <Outcome said={said} />
      <section className="console__note" aria-labelledby="clock-note">
        <h3 id="clock-note">Two clocks</h3>
        <p>
          The emulator decides with its own time: JWT and session expiry, job progress, schedules'
          next runs and metering follow an advance at once. Time only moves forward here;{' '}
          <em>Back to real time</em> returns to the host's clock (tokens and sessions issued in the
          future then live longer).
        </p>
        <p>
          Your browser keeps its own clock. The client's <strong>idle timer</strong> and its{' '}
          <strong>token renewal schedule</strong> run on it, so advancing the emulator does not show
          the idle warning or renew the token by itself: the next call with an expired token is
          refused, and the client's reaction is what you see. To see the idle warning sooner, open
          the demo with shorter timings, e.g.{' '}
          <a href="/demo/?idleTimeout=120000&amp;idleWarning=60000">
            /demo/?idleTimeout=120000&amp;idleWarning=60000
          </a>
          ; tests move the page's clock (Playwright's <code>page.clock</code>) together with the
          emulator's.
        </p>
      </section>
    </>
  );
}
