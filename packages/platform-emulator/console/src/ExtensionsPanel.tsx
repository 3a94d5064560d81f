import { useCallback, useEffect, useState } from 'react';
import { call } from './api.ts';
import { Outcome, useOutcome } from './outcome.tsx';

/** A published extension as `GET /__emulator/api/extensions` lists it. */
interface PublishedExtension {
  product: string;
  name: string;
  version: string;
  folder: string;
  resourceUrl: string;
  fallbackUrl: string;
  fault?: Fault;
  fallbackToo?: boolean;
}
type Fault = '404' | 'timeout' | 'integrity';

const FAULTS: { value: Fault | ''; label: string }[] = [
  { value: '', label: 'Works' },
  { value: '404', label: '404 Not Found' },
  { value: 'timeout', label: 'No answer (past the 10 s time-out)' },
  { value: 'integrity', label: 'Wrong integrity (changed content)' },
];

/**
 * The extensions published with `--extension`, per product, and a fault for each one's primary
 * address (or both), so the page's fallback and failures can be tried by hand.
 */
export function ExtensionsPanel() {
  const [extensions, setExtensions] = useState<PublishedExtension[]>();
  const { said, say } = useOutcome();

  const load = useCallback(
    () => call<PublishedExtension[]>('GET', '/extensions').then(setExtensions),
    [],
  );
  useEffect(() => void load(), [load]);

  const change = (e: PublishedExtension, fault: Fault | '', fallbackToo: boolean) =>
    call('PUT', `/extensions/${e.product}/${encodeURIComponent(e.name)}/fault`, {
      fault: fault || null,
      fallbackToo,
    }).then(
      () => {
        say(
          fault
            ? `${e.name}: ${fallbackToo ? 'both addresses now fail' : 'the primary address now fails'} (${fault}).`
            : `${e.name} works again.`,
        );
        return load();
      },
      (error: Error) => say(error.message),
    );

  if (!extensions) return <p>Loading…</p>;
  if (extensions.length === 0)
    return (
      <p className="console__hint">
        Nothing is published. Start the emulator with <code>--extension PRODUCT=DIR</code> (a built
        extension&apos;s folder; see docs/extensions.md).
      </p>
    );
  const products = [...new Set(extensions.map((e) => e.product))];
  return (
    <>
      <p className="console__hint">
        A fault applies from the next load of a page. The fallback address serves the same file.
      </p>
      <Outcome said={said} />
      {products.map((product) => (
        <section key={product} aria-labelledby={`product-${product}`}>
          <h3 id={`product-${product}`}>{product}</h3>
          <table className="console__table">
            <thead>
              <tr>
                <th scope="col">Extension</th>
                <th scope="col">Addresses</th>
                <th scope="col">Primary address</th>
                <th scope="col">Fallback too</th>
              </tr>
            </thead>
            <tbody>
              {extensions
                .filter((e) => e.product === product)
                .map((e) => (
                  <tr key={e.name}>
                    <td>
                      {e.name} {e.version}
                    </td>
                    <td>
                      <code>{e.resourceUrl}</code>
                      <br />
                      <code>{e.fallbackUrl}</code>
                    </td>
                    <td>
                      <select
                        aria-label={`${e.name}: primary address`}
                        value={e.fault ?? ''}
                        onChange={(event) =>
                          void change(e, event.target.value as Fault | '', !!e.fallbackToo)
                        }
                      >
                        {FAULTS.map((f) => (
                          <option key={f.value} value={f.value}>
                            {f.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${e.name}: the fallback fails too`}
                        checked={!!e.fallbackToo}
                        disabled={!e.fault}
                        onChange={(event) => void change(e, e.fault ?? '', event.target.checked)}
                      />
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
