import { useCallback, useEffect, useState } from 'react';
import { API, call, type SavedState } from './api.ts';

type Act = (work: () => Promise<unknown>, done: string) => Promise<unknown>;

/** Loads a state file (`platform-emulator state save`, a download) in place of the data. */
function StateUpload({ busy, act }: { busy: boolean; act: Act }) {
  return (
    <label className="console__row">
      Load a state file
      <input
        type="file"
        accept=".json,application/json"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void act(async () => {
            let state: unknown;
            try {
              state = JSON.parse(await file.text());
            } catch {
              throw new Error(`${file.name}: not a state file: not JSON, or cut short.`);
            }
            return call('POST', '/states/file', state);
          }, `Loaded ${file.name}.`);
        }}
      />
    </label>
  );
}

/** Named copies of the data: save, restore, and reset to the seed. */
export function StatesPanel() {
  const [states, setStates] = useState<SavedState[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => call<SavedState[]>('GET', '/states').then(setStates), []);
  useEffect(() => void load(), [load]);

  const act: Act = (work, done) => {
    setBusy(true);
    setMessage('Working…');
    return work()
      .then(
        () => {
          setMessage(done);
          return load();
        },
        (e: Error) => setMessage(e.message),
      )
      .finally(() => setBusy(false));
  };

  return (
    <>
      <p className="console__hint">
        A state is a copy of all the data (not the sessions: whoever is signed in stays signed in).
        Download one as a file to commit; load it back here or with{' '}
        <code>platform-emulator state load</code>, or start from it with <code>--state FILE</code>.
      </p>
      <form
        className="console__row"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => call('POST', '/states', { name }), `Saved “${name}”.`);
        }}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
        </label>
        <button type="submit" className="ics-button" disabled={busy}>
          Save state
        </button>
        <button
          type="button"
          className="ics-button ics-button--secondary"
          disabled={busy}
          onClick={() => void act(() => call('POST', '/states/reset'), 'Back to the seed data.')}
        >
          Reset to seed
        </button>
      </form>
      <StateUpload busy={busy} act={act} />
      <p role="status">{message}</p>
      {states.length === 0 ? (
        <p>No saved states.</p>
      ) : (
        <table className="console__table">
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Saved</th>
              <th scope="col">Rows</th>
              <th scope="col">Restore</th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {states.map((s) => (
              <tr key={s.name}>
                <td>{s.name}</td>
                <td>{new Date(s.savedAt).toLocaleTimeString('en-GB')}</td>
                <td>{s.rows}</td>
                <td>
                  <button
                    type="button"
                    className="ics-button"
                    disabled={busy}
                    aria-label={`Restore ${s.name}`}
                    onClick={() =>
                      void act(
                        () => call('POST', `/states/${encodeURIComponent(s.name)}/restore`),
                        `Restored “${s.name}”.`,
                      )
                    }
                  >
                    Restore
                  </button>
                </td>
                <td>
                  <a
                    href={`${API}/states/${encodeURIComponent(s.name)}/file`}
                    download
                    aria-label={`Download ${s.name}`}
                  >
                    Download
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
