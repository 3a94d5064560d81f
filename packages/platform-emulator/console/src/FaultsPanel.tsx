import { useCallback, useEffect, useState } from 'react';
import { call, type EmulatorState, type FaultRule } from './api.ts';
import { Outcome, useOutcome } from './outcome.tsx';

/** Latency and error answers per operation or path pattern, switched on and off. */
export function FaultsPanel({ state }: { state?: EmulatorState }) {
  const [rules, setRules] = useState<FaultRule[]>([]);
  const { said, say } = useOutcome();

  const load = useCallback(() => call<FaultRule[]>('GET', '/faults').then(setRules), []);
  useEffect(() => void load(), [load]);

  const change = (work: Promise<unknown>, done: string) =>
    work.then(
      () => {
        say(done);
        return load();
      },
      (e: Error) => say(e.message),
    );

  return (
    <>
      <p className="console__hint">
        While any fault is on, every page the emulator serves shows a banner. The console itself
        never fails.
      </p>
      <FaultForm
        operations={state?.operations ?? []}
        onAdd={(fault) => void change(call('POST', '/faults', fault), 'Fault switched on.')}
      />
      <Outcome said={said} />
      <FaultTable
        rules={rules}
        onToggle={(rule, on) =>
          void change(
            call('PATCH', `/faults/${rule.id}`, { enabled: on }),
            on ? 'Fault switched on.' : 'Fault switched off.',
          )
        }
        onRemove={(rule) => void change(call('DELETE', `/faults/${rule.id}`), 'Fault removed.')}
      />
    </>
  );
}

/** The form that adds a fault: an operation or a path pattern, a status, a delay, a code. */
function FaultForm(props: {
  operations: string[];
  onAdd: (fault: Record<string, unknown>) => void;
}) {
  const [kind, setKind] = useState<'operation' | 'path'>('operation');
  const [target, setTarget] = useState('shell.getProductsWithLicenses');
  const [status, setStatus] = useState('503');
  const [delayMs, setDelayMs] = useState('0');
  const [code, setCode] = useState('');
  return (
    <form
      className="console__row"
      onSubmit={(e) => {
        e.preventDefault();
        props.onAdd({
          [kind]: target,
          status: Number(status),
          delayMs: Number(delayMs),
          ...(code ? { code } : {}),
        });
      }}
    >
      <label>
        Match by
        <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="operation">operation</option>
          <option value="path">path pattern</option>
        </select>
      </label>
      <label>
        {kind === 'operation' ? 'Operation' : 'Path pattern (* for any)'}
        <input
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          list={kind === 'operation' ? 'operations' : undefined}
          required
          size={32}
        />
      </label>
      <datalist id="operations">
        {props.operations.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      <label>
        Status
        <input
          type="number"
          min="200"
          max="599"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          size={4}
        />
      </label>
      <label>
        Delay (ms)
        <input
          type="number"
          min="0"
          max="60000"
          value={delayMs}
          onChange={(e) => setDelayMs(e.target.value)}
          size={6}
        />
      </label>
      <label>
        Error code
        <input
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          placeholder="e.g. SS_001"
          size={12}
        />
      </label>
      <button type="submit" className="ics-button">
        Add fault
      </button>
    </form>
  );
}

/** The rules, each with its switch and its remove button. */
function FaultTable(props: {
  rules: FaultRule[];
  onToggle: (rule: FaultRule, on: boolean) => void;
  onRemove: (rule: FaultRule) => void;
}) {
  const { rules, onToggle, onRemove } = props;
  return rules.length === 0 ? (
    <p>No faults.</p>
  ) : (
    <table className="console__table">
      <thead>
        <tr>
          <th scope="col">On</th>
          <th scope="col">Target</th>
          <th scope="col">Answer</th>
          <th scope="col">Delay</th>
          <th scope="col">Remove</th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => {
          const name = rule.operation ?? rule.path ?? '';
          return (
            <tr key={rule.id}>
              <td>
                <input
                  type="checkbox"
                  checked={rule.enabled}
                  aria-label={`${name} on`}
                  onChange={(e) => onToggle(rule, e.target.checked)}
                />
              </td>
              <td>
                <code>{name}</code>
              </td>
              <td>{rule.status >= 400 ? `${rule.status} ${rule.code}` : 'as usual'}</td>
              <td>{rule.delayMs} ms</td>
              <td>
                <button
                  type="button"
                  className="ics-button ics-button--secondary"
                  aria-label={`Remove fault on ${name}`}
                  onClick={() => onRemove(rule)}
                >
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
