import './host.css';
import { PlatformProvider, useExtensions, useSession } from '@ics/platform-client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { client } from './client.ts';

/** This page's version, which the extensions must fit (docs/extensions.md, "Versions"). */
const HOST_VERSION = '1.0.0';
/** `?product=` names whose extensions to load; the e2e emulator publishes 'demo-extensions'. */
const product = new URLSearchParams(window.location.search).get('product') ?? 'demo-extensions';

/** A host page that loads a product's extensions and shows each outcome (docs/extensions.md). */
function ExtensionsPage() {
  const { user } = useSession();
  const { status, extensions, error, retry } = useExtensions(product, {
    hostVersion: HOST_VERSION,
  });
  return (
    <main className="host__main">
      <h1>Extensions of {product}</h1>
      <p id="who">{user ? `Signed in as ${user.displayName}` : 'Loading…'}</p>
      <p id="extensions-status">
        {status === 'error' ? `The extensions could not be listed: ${String(error)}` : status}
      </p>
      <ul aria-label="Extensions">
        {extensions.map((e) => (
          <li key={e.name} data-name={e.name} data-status={e.status}>
            {`${e.name} ${e.version}: ${e.status}`}
            {e.activated ? ' (activated)' : ''}
            {e.loaded.length > 0 ? <code className="loaded">{e.loaded.join(' ')}</code> : null}
            {e.error ? <span className="error"> {e.error.message}</span> : null}
            {e.retry ? (
              <button type="button" onClick={() => void retry(e.name)}>
                Try again
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {/* Where the extensions put what they show; React renders nothing into it. */}
      <div data-extensions="" />
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PlatformProvider client={client}>
        <ExtensionsPage />
      </PlatformProvider>
    </StrictMode>,
  );
