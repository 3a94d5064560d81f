import { useCallback, useEffect, useState } from 'react';
import { call, type EmulatorState } from './api.ts';
import { ClockPanel } from './ClockPanel.tsx';
import { DriftPanel } from './DriftPanel.tsx';
import { ExtensionsPanel } from './ExtensionsPanel.tsx';
import { FaultsPanel } from './FaultsPanel.tsx';
import { PersonasPanel } from './PersonasPanel.tsx';
import { RequestsPanel } from './RequestsPanel.tsx';
import { StatesPanel } from './StatesPanel.tsx';

const panels = [
  { id: 'requests', label: 'Requests' },
  { id: 'personas', label: 'Personas and sessions' },
  { id: 'clock', label: 'Clock' },
  { id: 'faults', label: 'Faults' },
  { id: 'states', label: 'States' },
  { id: 'extensions', label: 'Extensions' },
  { id: 'drift', label: 'Drift' },
] as const;
type PanelId = (typeof panels)[number]['id'];

const panelOf = (hash: string): PanelId =>
  panels.find((p) => `#${p.id}` === hash)?.id ?? 'requests';

/** The console: one panel at a time, chosen by the address's `#fragment` (so links work). */
export function App() {
  const [panel, setPanel] = useState<PanelId>(() => panelOf(location.hash));
  const [state, setState] = useState<EmulatorState>();
  const [error, setError] = useState<string>();

  const refresh = useCallback(
    () =>
      call<EmulatorState>('GET', '/state').then(
        (next) => {
          setState(next);
          setError(undefined);
        },
        (e: Error) => setError(e.message),
      ),
    [],
  );

  useEffect(() => {
    void refresh();
    const onHash = () => setPanel(panelOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [refresh]);

  const current = panels.find((p) => p.id === panel) ?? panels[0];
  return (
    <>
      <header className="console__header">
        <h1>Emulator console</h1>
        <p className="console__status" aria-live="polite">
          {state ? (
            <>
              Database: {state.database} ·{' '}
              {state.offsetMs > 0 ? 'Emulator time is ahead of real time' : 'Real time'} ·{' '}
              {state.faultsActive ? (
                <strong className="console__warning">Faults on</strong>
              ) : (
                'No faults'
              )}
            </>
          ) : (
            'Connecting…'
          )}
        </p>
        <nav aria-label="Panels">
          <ul className="console__tabs">
            {panels.map((p) => (
              <li key={p.id}>
                <a href={`#${p.id}`} aria-current={p.id === panel ? 'page' : undefined}>
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          <a href="/demo/">Open the demo</a> · <a href="/docs/api/">API reference</a> ·{' '}
          <a href="/docs/reference/">Package reference</a>
        </p>
      </header>
      <main className="console__main" aria-labelledby="panel-title">
        <h2 id="panel-title">{current.label}</h2>
        {error && (
          <p role="alert" className="console__error">
            {error}
          </p>
        )}
        {panel === 'requests' && <RequestsPanel />}
        {panel === 'personas' && <PersonasPanel />}
        {panel === 'clock' && <ClockPanel state={state} onChange={refresh} />}
        {panel === 'faults' && <FaultsPanel state={state} onChange={refresh} />}
        {panel === 'states' && <StatesPanel />}
        {panel === 'extensions' && <ExtensionsPanel />}
        {panel === 'drift' && <DriftPanel />}
      </main>
    </>
  );
}
