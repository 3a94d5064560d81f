import '@ics/service-switcher/design-system.css';
import '@ics/service-switcher/switcher.css';
import './host.css';
import { PlatformProvider, useSession } from '@ics/platform-client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ServiceSwitcherDialog } from '@ics/service-switcher';
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { client, session } from './client.ts';
import { MyProjects } from './MyProjects.tsx';
import { SessionWarning } from './SessionWarning.tsx';

const queryClient = new QueryClient();
const prefetch = new URLSearchParams(window.location.search).get('prefetch') !== 'off';

/** A stand-in for an application of the suite that embeds the switcher. */
function HostApp() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <div className="host">
      <header className="host__header">
        <button
          ref={trigger}
          type="button"
          className="ics-button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Services
        </button>
        <span className="host__app">Demo host application</span>
        <span className="host__user">{user ? `Signed in as ${user.displayName}` : ''}</span>
        <button
          type="button"
          className="ics-button ics-button--link host__logout"
          onClick={() => void client.logout()}
        >
          Log Out
        </button>
      </header>
      <main className="host__main">
        <h1>Demo host application</h1>
        <p>
          This page stands in for an application of the suite. Open the switcher with the Services
          button, or go to the <a href="/demo/services.html">standalone services page</a>. The{' '}
          <a href="/__emulator/">emulator console</a> shows every request and steers the clock,
          faults, personas and data.
        </p>
        <MyProjects />
      </main>
      <SessionWarning />
      <ServiceSwitcherDialog
        client={client}
        open={open}
        onOpenChange={setOpen}
        // No `stylesheets`: the frame reuses this page's copies (each downloaded once).
        theme="auto"
        trigger={trigger}
        // `?prefetch=off` shows the dialog as it opens without preparing (the bench compares).
        prefetch={prefetch}
      />
    </div>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlatformProvider client={client} session={session}>
        <QueryClientProvider client={queryClient}>
          <HostApp />
        </QueryClientProvider>
      </PlatformProvider>
    </StrictMode>,
  );
}
