import { useCallback, useEffect, useState } from 'react';
import { call, type DriftReport } from './api.ts';
import { Outcome, useOutcome } from './outcome.tsx';

/**
 * Proxy mode (`--upstream`): the summary (operations seen, conforming, in drift), then each
 * operation in drift with its entries; the Requests panel shows each proxied request's verdict.
 */
export function DriftPanel() {
  const [report, setReport] = useState<DriftReport>();
  const { said, say } = useOutcome();

  const load = useCallback(
    () =>
      call<DriftReport>('GET', '/drift').then(
        (answer) => {
          setReport(answer);
          return true;
        },
        (e: Error) => {
          say(e.message);
          return false;
        },
      ),
    [say],
  );
  useEffect(() => void load(), [load]);

  if (!report) return <p role="status">{said?.text ?? 'Loading…'}</p>;
  const { operationsSeen, conforming, inDrift } = report.summary;
  const drifting = report.operations.filter((o) => o.drift.length > 0);
  return (
    <>
      <p className="console__hint">
        {report.upstream
          ? `Forwarding the platform's operations to ${report.upstream}; each answer is checked against the contract.`
          : 'This emulator is not a proxy: start it with --upstream URL to check a real platform.'}{' '}
        The same report: <code>platform-emulator drift report --format markdown</code>.
      </p>
      <div className="console__row">
        <button
          type="button"
          className="ics-button"
          onClick={() => void load().then((loaded) => loaded && say('Refreshed.'))}
        >
          Refresh
        </button>
        <button
          type="button"
          className="ics-button ics-button--secondary"
          onClick={() =>
            void call('DELETE', '/drift').then(
              () => load().then(() => say('Cleared.')),
              (e: Error) => say(e.message),
            )
          }
        >
          Clear
        </button>
      </div>
      <Outcome said={said} />
      <p>
        {operationsSeen} operations seen: {conforming} conforming, {inDrift} in drift.
      </p>
      {drifting.map((operation) => (
        <section key={operation.operation} aria-labelledby={`drift-${operation.operation}`}>
          <h3 id={`drift-${operation.operation}`}>
            {operation.operation} ({operation.drifting} of {operation.answers} answers drifted)
          </h3>
          <table className="console__table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Where</th>
                <th scope="col">The contract says</th>
                <th scope="col">Came back</th>
                <th scope="col">Seen</th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {operation.drift.map((d) => (
                <tr key={`${d.status} ${d.location} ${d.expected}`}>
                  <td>{d.status}</td>
                  <td>
                    <code>{d.location}</code>
                  </td>
                  <td>{d.expected}</td>
                  <td>
                    <code>{d.actual}</code>
                  </td>
                  <td>{d.seen}</td>
                  <td>
                    <code>{d.requestId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
