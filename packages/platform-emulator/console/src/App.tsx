import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_CHANGED, call, type EmulatorState } from './api.ts';
import { ClockPanel } from './ClockPanel.tsx';
import { DriftPanel } from './DriftPanel.tsx';
import { ExtensionsPanel } from './ExtensionsPanel.tsx';
import { FaultsPanel } from './FaultsPanel.tsx';
import { usePanelFocus } from './panelFocus.ts';
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

/** What each kind of fault is called in the header, one and several. */
const faultKinds: Record<keyof EmulatorState['faults'], [string, string]> = {
  rules: ['fault rule', 'fault rules'],
  extensions: ['extension fault', 'extension faults'],
};

/** "Faults on: 1 fault rule, 2 extension faults", or `undefined` when none is on. */
function faultsOn(faults: EmulatorState['faults']): string | undefined {
  const on = Object.entries(faults)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => {
      const [one, several] = faultKinds[kind as keyof typeof faults];
      return `${count} ${count === 1 ? one : several}`;
    });
  return on.length > 0 ? `Faults on: ${on.join(', ')}` : undefined;
}

/** The console: one panel at a time, chosen by the address's `#fragment` (so links work). */
export function App() {
  const [panel, setPanel] = useState<PanelId>(() => panelOf(location.hash));
  const [state, setState] = useState<EmulatorState>();
  const [error, setError] = useState<string>();
  const main = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  usePanelFocus(panel, main, heading);

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
    const onChange = () => void refresh();
    addEventListener('hashchange', onHash);
    addEventListener(ADMIN_CHANGED, onChange);
    return () => {
      removeEventListener('hashchange', onHash);
      removeEventListener(ADMIN_CHANGED, onChange);
    };
  }, [refresh]);

  const current = panels.find((p) => p.id === panel) ?? panels[0];
  const faults = state && faultsOn(state.faults);
  useEffect(() => {
    document.title = `${current.label} · Emulator console · Intelligent Cloud Services`;
  }, [current.label]);
  return (
    <>
      <header className="console__header">
        <h1>Emulator console</h1>
        <p className="console__status" aria-live="polite">
          {state ? (
            <>
              Database: {state.database} · Replica: {state.replica} ·{' '}
              {state.offsetMs > 0 ? 'Emulator time is ahead of real time' : 'Real time'} ·{' '}
              {faults ? <strong className="console__warning">{faults}</strong> : 'No faults'}
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
          <a href="/demo/">Open the demo</a> · <a href="/preview/">Switcher preview</a> ·{' '}
          <a href="/demo/gallery.html">The switcher&apos;s states (gallery)</a> ·{' '}
          <a href="/docs/api/">API reference</a> · <a href="/docs/reference/">Package reference</a>
        </p>
      </header>
      <main ref={main} className="console__main" aria-labelledby="panel-title">
        <h2 id="panel-title" ref={heading} tabIndex={-1}>
          {current.label}
        </h2>
        {error && (
          <p role="alert" className="console__error">
            {error}
          </p>
        )}
        {panel === 'requests' && state && (
          <p className="console__hint">
            This log shows only the requests that replica {state.replica} answered: each replica of
            the emulator keeps its own.
          </p>
        )}
        {panel === 'requests' && <RequestsPanel />}
        {panel === 'personas' && <PersonasPanel />}
        {panel === 'clock' && <ClockPanel state={state} />}
        {panel === 'faults' && <FaultsPanel state={state} />}
        {panel === 'states' && <StatesPanel />}
        {panel === 'extensions' && <ExtensionsPanel />}
        {panel === 'drift' && <DriftPanel />}
      </main>
    </>
  );
}
