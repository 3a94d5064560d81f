import { useEffect, useMemo, useState } from 'react';
import { API, call, type RequestDetail, type RequestSummary, type Verdict } from './api.ts';

/** The log keeps this many requests in the page too. */
const KEPT = 500;

const verdictText = (v: Verdict) =>
  v.verdict === 'mismatch' ? `mismatch (${v.problems.length})` : v.verdict;

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour12: false });

/** Every API request, live: a server-sent event per request after the ones already logged. */
export function RequestsPanel() {
  const { requests, live } = useRequestLog();
  const [service, setService] = useState('');
  const [status, setStatus] = useState('');
  const [persona, setPersona] = useState('');
  const [open, setOpen] = useState<RequestDetail>();

  const services = useMemo(() => [...new Set(requests.map((r) => r.service))].sort(), [requests]);
  const personas = useMemo(
    () => [...new Set(requests.flatMap((r) => (r.persona ? [r.persona] : [])))].sort(),
    [requests],
  );
  const shown = requests
    .filter(
      (r) =>
        (!service || r.service === service) &&
        (!persona || r.persona === persona) &&
        (!status ||
          (/^\dxx$/i.test(status)
            ? String(r.status)[0] === status[0]
            : String(r.status) === status)),
    )
    .reverse();

  return (
    <>
      <p className="console__hint">
        Every call to the platform's API, newest first ({live ? 'live' : 'reconnecting…'}). The last{' '}
        {KEPT} are kept; bodies show with secrets and tokens redacted.
      </p>
      <RequestFilters
        services={services}
        personas={personas}
        filter={{ service, status, persona }}
        onService={setService}
        onStatus={setStatus}
        onPersona={setPersona}
      />
      <div className="console__scroll" tabIndex={0} role="region" aria-label="Requests">
        <RequestTable shown={shown} onOpen={setOpen} />
        {shown.length === 0 && <p>No requests yet{requests.length ? ' match the filter' : ''}.</p>}
      </div>
      {open && <RequestView request={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

/** The requests logged so far and, live, each new one (server-sent events). */
function useRequestLog(): { requests: RequestSummary[]; live: boolean } {
  const [requests, setRequests] = useState<RequestSummary[]>([]);
  const [live, setLive] = useState(false);
  useEffect(() => {
    const add = (more: RequestSummary[]) =>
      setRequests((kept) => {
        const seen = new Set(kept.map((r) => r.seq));
        return [...kept, ...more.filter((r) => !seen.has(r.seq))]
          .sort((a, b) => a.seq - b.seq)
          .slice(-KEPT);
      });
    const stream = new EventSource(`${API}/requests/stream`);
    // The list is read once the stream is open, and again after each reconnection: what was
    // logged before is in the list, what comes after arrives on the stream, and nothing logged
    // while the stream was connecting or away falls between the two.
    stream.addEventListener('open', () => {
      setLive(true);
      void call<RequestSummary[]>('GET', '/requests').then(add);
    });
    stream.addEventListener('error', () => setLive(false));
    stream.addEventListener('request', (event) =>
      add([JSON.parse((event as MessageEvent<string>).data) as RequestSummary]),
    );
    return () => stream.close();
  }, []);
  return { requests, live };
}

/** The filters: service, status (a code or a class such as 4xx) and persona. */
function RequestFilters(props: {
  services: string[];
  personas: string[];
  filter: { service: string; status: string; persona: string };
  onService: (service: string) => void;
  onStatus: (status: string) => void;
  onPersona: (persona: string) => void;
}) {
  const { services, personas, filter, onService, onStatus, onPersona } = props;
  return (
    <form className="console__filters" onSubmit={(e) => e.preventDefault()}>
      <label>
        Service
        <select value={filter.service} onChange={(e) => onService(e.target.value)}>
          <option value="">All</option>
          {services.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Status
        <input
          value={filter.status}
          onChange={(e) => onStatus(e.target.value.trim())}
          placeholder="e.g. 503 or 4xx"
          size={14}
        />
      </label>
      <label>
        Persona
        <select value={filter.persona} onChange={(e) => onPersona(e.target.value)}>
          <option value="">All</option>
          {personas.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </label>
    </form>
  );
}

/** The requests shown, newest first; a request's line opens its detail. */
function RequestTable(props: { shown: RequestSummary[]; onOpen: (detail: RequestDetail) => void }) {
  const { shown, onOpen } = props;
  return (
    <table className="console__table">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Persona</th>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          <th scope="col">Duration</th>
          <th scope="col">X-Request-Id</th>
          <th scope="col">Contract</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => (
          <tr key={r.seq} data-request-id={r.requestId}>
            <td>{time(r.at)}</td>
            <td>{r.persona ?? '—'}</td>
            <td>
              <button
                type="button"
                className="console__link"
                onClick={() => void call<RequestDetail>('GET', `/requests/${r.seq}`).then(onOpen)}
              >
                {r.method} {r.path}
              </button>
            </td>
            <td className={r.status >= 400 ? 'console__bad' : undefined}>{r.status}</td>
            <td>{r.durationMs} ms</td>
            <td>
              <code>{r.requestId}</code>
            </td>
            <td className={r.conformance.verdict === 'mismatch' ? 'console__bad' : undefined}>
              {verdictText(r.conformance)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RequestView({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  return (
    <section className="console__detail" aria-labelledby="request-title">
      <h3 id="request-title" tabIndex={-1} ref={(h) => h?.focus()}>
        {request.method} {request.path}
      </h3>
      <dl className="console__facts">
        <dt>Status</dt>
        <dd>{request.status}</dd>
        <dt>Operation</dt>
        <dd>{request.operation ?? '—'}</dd>
        <dt>X-Request-Id</dt>
        <dd>
          <code>{request.requestId}</code>
        </dd>
        <dt>Persona</dt>
        <dd>{request.persona ?? '—'}</dd>
        <dt>Contract</dt>
        <dd>
          {verdictText(request.conformance)}
          {request.conformance.verdict === 'mismatch' && (
            <ul>
              {request.conformance.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          {request.conformance.verdict === 'not checked' && ` — ${request.conformance.why}`}
        </dd>
      </dl>
      <h4>Request body</h4>
      <pre tabIndex={0}>{json(request.requestBody)}</pre>
      <h4>Answer body</h4>
      <pre tabIndex={0}>{json(request.responseBody)}</pre>
      <button type="button" className="ics-button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

const json = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value, null, 2));
