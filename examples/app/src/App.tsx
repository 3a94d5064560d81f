import type { PlatformClient } from '@ics/platform-client';
import { platformQueries } from '@ics/platform-client/query';
import { PlatformProvider, useAccess, useExtensions, useSession } from '@ics/platform-client/react';
import { ServiceSwitcherDialog } from '@ics/service-switcher';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export interface AppProps {
  readonly client: PlatformClient;
  /** The switcher dialog's stylesheets, by address. */
  readonly stylesheets: readonly string[];
}

/** The page: who is signed in, an admin-only button, the user's projects, the switcher. */
export function App({ client, stylesheets }: AppProps) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <PlatformProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <Header client={client} stylesheets={stylesheets} />
        <Projects client={client} />
        <Extensions />
      </QueryClientProvider>
    </PlatformProvider>
  );
}

function Header({ client, stylesheets }: AppProps) {
  const { status, user } = useSession();
  const admin = useAccess({ privilege: 'manage_users' });
  const [open, setOpen] = useState(false);
  return (
    <header>
      <p>{status === 'ready' ? `Signed in as ${user?.displayName}` : 'Loading…'}</p>
      {admin.allowed ? <button type="button">Manage users</button> : null}
      <button type="button" onClick={() => setOpen(true)}>
        Switch service
      </button>
      <ServiceSwitcherDialog
        client={client}
        open={open}
        onOpenChange={setOpen}
        stylesheets={stylesheets}
      />
    </header>
  );
}

function Projects({ client }: { readonly client: PlatformClient }) {
  const repository = platformQueries(client).service('repository'); // the same object per client
  const projects = useQuery(repository.query('getProjects'));
  if (projects.isPending) return <p>Loading projects…</p>;
  if (projects.isError) return <p role="alert">The projects could not be loaded.</p>;
  return (
    <ul aria-label="My projects">
      {projects.data.map((project) => (
        <li key={project.id}>{project.name}</li>
      ))}
    </ul>
  );
}

/** This page's version, which its extensions must fit (docs/extensions.md, "Versions"). */
const HOST_VERSION = '1.0.0';

/** The extensions of 'example-app' (examples/extension), each with its status. */
function Extensions() {
  const { status, extensions, retry } = useExtensions('example-app', {
    hostVersion: HOST_VERSION,
  });
  return (
    <section aria-label="Extensions">
      {status === 'error' ? <p>No extensions for this page.</p> : null}
      <ul>
        {extensions.map((e) => (
          <li key={e.name}>
            {`${e.name} ${e.version}: ${e.status}`}
            {e.error ? ` (${e.error.message})` : null}
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
    </section>
  );
}
