import { useCallback, useEffect, useState } from 'react';
import { call, type Persona, type Session } from './api.ts';
import { Outcome, useOutcome } from './outcome.tsx';

/** Every persona, "sign in as" for this browser, and the live sessions with "end session". */
export function PersonasPanel() {
  const [personas, setPersonas] = useState<Persona[]>([]);
  const [sessions, setSessions] = useState<Session[]>([]);
  const { said, say } = useOutcome();

  const load = useCallback(
    () =>
      Promise.all([
        call<Persona[]>('GET', '/personas').then(setPersonas),
        call<Session[]>('GET', '/sessions').then(setSessions),
      ]),
    [],
  );
  useEffect(() => void load(), [load]);

  const act = (work: Promise<unknown>, done: string) =>
    work.then(
      () => {
        say(done);
        return load();
      },
      (e: Error) => say(e.message),
    );

  return (
    <>
      <Outcome said={said}>
        {said?.text.startsWith('Signed in') && (
          <>
            {' '}
            <a href="/demo/">Open the demo</a>
          </>
        )}
      </Outcome>
      <PersonaTable
        personas={personas}
        onSignIn={(p) =>
          void act(
            call('POST', `/personas/${encodeURIComponent(p.id)}/sign-in`),
            `Signed in as ${p.displayName} in this browser.`,
          )
        }
      />
      <h3>Active sessions</h3>
      <SessionTable
        sessions={sessions}
        onEnd={(s) =>
          void act(
            call('DELETE', `/sessions/${encodeURIComponent(s.ref)}`),
            `Ended a session of ${s.displayName}: its next call answers 401.`,
          )
        }
      />
    </>
  );
}

/** Each persona with organisation, roles, licences and trials, and a sign-in button. */
function PersonaTable(props: { personas: Persona[]; onSignIn: (persona: Persona) => void }) {
  const { personas, onSignIn } = props;
  return (
    <div className="console__scroll" tabIndex={0} role="region" aria-label="Personas">
      <table className="console__table">
        <thead>
          <tr>
            <th scope="col">Persona</th>
            <th scope="col">Organisation</th>
            <th scope="col">Roles</th>
            <th scope="col">Licences</th>
            <th scope="col">Trials</th>
            <th scope="col">This browser</th>
          </tr>
        </thead>
        <tbody>
          {personas.map((p) => (
            <tr key={p.id}>
              <td>
                {p.displayName}
                <br />
                <span className="console__muted">{p.email}</span>
              </td>
              <td>{p.organisation}</td>
              <td>{p.roles.join(', ') || '—'}</td>
              <td>{p.licences.map((l) => `${l.product} (${l.state})`).join(', ') || '—'}</td>
              <td>
                {p.trials.map((t) => `${t.product} (${t.daysLeft} days left)`).join(', ') || '—'}
              </td>
              <td>
                <button
                  type="button"
                  className="ics-button"
                  aria-label={`Sign in as ${p.displayName}`}
                  onClick={() => onSignIn(p)}
                >
                  Sign in
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The live sessions, each with the button that ends it. */
function SessionTable(props: { sessions: Session[]; onEnd: (session: Session) => void }) {
  const { sessions, onEnd } = props;
  return sessions.length === 0 ? (
    <p>No active sessions.</p>
  ) : (
    <table className="console__table">
      <thead>
        <tr>
          <th scope="col">Persona</th>
          <th scope="col">Started</th>
          <th scope="col">Ends</th>
          <th scope="col">End</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.ref}>
            <td>{s.displayName}</td>
            <td>{new Date(s.createdAt).toLocaleString('en-GB')}</td>
            <td>{new Date(s.expiresAt).toLocaleString('en-GB')}</td>
            <td>
              <button
                type="button"
                className="ics-button ics-button--secondary"
                aria-label={`End session of ${s.displayName} started ${new Date(s.createdAt).toLocaleTimeString('en-GB')}`}
                onClick={() => onEnd(s)}
              >
                End session
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
