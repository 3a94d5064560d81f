import { useEffect, useMemo, useRef, useState } from 'react';
import { API, call, type RequestDetail, type RequestSummary, type Verdict } from './api.ts';

/** The log keeps this many requests in the page too. */
const KEPT = 500;

const verdictText = (v: Verdict) =>
  v.verdict === 'mismatch' ? `mismatch (${v.problems.length})` : v.verdict;

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour12: false });

const requestsText = (n: number) => `${n} new ${n === 1 ? 'request' : 'requests'}`;

/**
 * Every API request, live: a server-sent event per request after the ones already logged. New
 * rows wait, counted, while the list is paused or has keyboard focus (decision 1119).
 */
export function RequestsPanel() {
  const [paused, setPaused] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const { requests, waiting, released, live } = useRequestLog(paused || focusIn);
  const [service, setService] = useState('');
  const [status, setStatus] = useState('');
  const [persona, setPersona] = useState('');
  const [open, setOpen] = useState<RequestDetail>();
  // The row's button that opened the detail, where focus goes back when it closes.
  const opener = useRef<HTMLElement | null>(null);

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
  // A filter that leaves no row is said as other outcomes are (issue 55).
  const noMatch = shown.length === 0 && requests.length > 0 ? 'No requests match the filter.' : '';

  return (
    <>
      <p className="console__hint">
        Every call to the platform's API, newest first (
        {!live ? 'reconnecting…' : paused ? 'paused' : 'live'}). The last {KEPT} are kept; bodies
        show with secrets and tokens redacted. New rows wait while the list is paused or has
        keyboard focus.
      </p>
      <div className="console__row console__live">
        <button
          type="button"
          className="ics-button ics-button--secondary"
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          Pause
        </button>
        <p role="status">
          {[
            noMatch,
            paused
              ? `Paused: ${waiting > 0 ? `${requestsText(waiting)} not shown yet` : 'new requests are counted, not shown'}.`
              : focusIn && waiting > 0
                ? `${requestsText(waiting)} not shown while focus is in the list.`
                : released > 0
                  ? `${requestsText(released)} shown.`
                  : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      </div>
      <RequestFilters
        services={services}
        personas={personas}
        filter={{ service, status, persona }}
        onService={setService}
        onStatus={setStatus}
        onPersona={setPersona}
      />
      <div
        className="console__scroll"
        tabIndex={0}
        role="region"
        aria-label="Requests"
        onFocus={() => setFocusIn(true)}
        onBlur={(e) => setFocusIn(e.currentTarget.contains(e.relatedTarget))}
      >
        <RequestTable
          shown={shown}
          onOpen={(detail) => {
            opener.current = document.activeElement as HTMLElement | null;
            setOpen(detail);
          }}
        />
        {shown.length === 0 && <p>{noMatch || 'No requests yet.'}</p>}
      </div>
      {open && (
        <RequestView
          request={open}
          onClose={() => {
            setOpen(undefined);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

const merged = (kept: RequestSummary[], more: RequestSummary[]) =>
  [...kept, ...more].sort((a, b) => a.seq - b.seq).slice(-KEPT);

interface Log {
  /** The rows shown. */
  readonly shown: RequestSummary[];
  /** The rows that came while the list was held, not shown yet. */
  readonly waiting: RequestSummary[];
  /** How many waiting rows the last release showed. */
  readonly released: number;
}

/**
 * The requests logged so far and, live, each new one (server-sent events); while `held`, new
 * ones wait and are counted, and they are shown when it ends.
 */
function useRequestLog(held: boolean) {
  const [log, setLog] = useState<Log>({ shown: [], waiting: [], released: 0 });
  const [live, setLive] = useState(false);
  const holding = useRef(held);
  useEffect(() => {
    holding.current = held;
    if (!held)
      setLog((now) =>
        now.waiting.length === 0
          ? now
          : { shown: merged(now.shown, now.waiting), waiting: [], released: now.waiting.length },
      );
  }, [held]);
  useEffect(() => {
    const add = (more: RequestSummary[]) =>
      setLog((now) => {
        const seen = new Set([...now.shown, ...now.waiting].map((r) => r.seq));
        const fresh = more.filter((r) => !seen.has(r.seq));
        if (fresh.length === 0) return now;
        return holding.current
          ? { ...now, waiting: merged(now.waiting, fresh) }
          : { ...now, shown: merged(now.shown, fresh), released: 0 };
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
  return { requests: log.shown, waiting: log.waiting.length, released: log.released, live };
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
  // Focus goes to the detail when it opens, not again at each render (new rows render the panel).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [request.seq]);
  return (
    <section className="console__detail" aria-labelledby="request-title">
      <h3 id="request-title" tabIndex={-1} ref={heading}>
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
