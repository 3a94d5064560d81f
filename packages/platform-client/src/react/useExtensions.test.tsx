import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import type { ScriptUrl } from '../environment.ts';
import { defineExtension } from '../extension/index.ts';
import { pageRegistry } from '../extensions/pageRegistry.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { PlatformProvider, useExtensions } from './index.ts';

afterEach(cleanup);

const contribution = (name: string) => ({
  resourceName: name,
  version: '1.0.0',
  supportedTarget: 'Both',
  publicPath: `/ext/${name}/`,
  js: [{ resourceUrl: `/ext/${name}/main.js` }],
  runtimeDependencies: [],
});

/** A page whose scripts define extensions that count their activations. */
function page(failing: Set<string> = new Set()) {
  const scope = {};
  const activations: string[] = [];
  const env = fakeEnvironment((url) => {
    if (url.pathname.endsWith('/config')) return json(200, fakeConfig);
    if (url.pathname.includes('ProductContribution'))
      return json(200, { value: [contribution('one'), contribution('two')] });
    return json(404, {});
  });
  const client = createPlatformClient({
    environment: {
      ...env,
      extensions: pageRegistry(scope),
      console: { error: () => {}, warn: () => {}, info: () => {} },
      loadScript: async (url: string | ScriptUrl) => {
        const name = /\/ext\/(\w+)\//.exec(String(url))?.[1] ?? '';
        defineExtension(
          {
            name,
            version: '1.0.0',
            activate: () => {
              if (failing.has(name)) throw new Error(`${name} broke`);
              activations.push(name);
            },
          },
          scope,
        );
      },
    },
  });
  return { client, activations, env };
}

function Extensions() {
  const { status, extensions, retry } = useExtensions('team-app', { hostVersion: '1.0.0' });
  return (
    <div>
      <p data-testid="status">{status}</p>
      {extensions.map((e) => (
        <p key={e.name}>
          {`${e.name} ${e.status}`}
          {e.retry && <button onClick={() => void retry(e.name)}>retry {e.name}</button>}
        </p>
      ))}
    </div>
  );
}

describe('given useExtensions', () => {
  it('[PC-4.8] activates each extension once under StrictMode and in two components, and returns each status', async () => {
    const { client, activations, env } = page();
    render(
      <StrictMode>
        <PlatformProvider client={client}>
          <Extensions />
          <Extensions />
        </PlatformProvider>
      </StrictMode>,
    );
    expect(screen.getAllByTestId('status')[0]?.textContent).toBe('loading');
    expect(await screen.findAllByText('one loaded')).toHaveLength(2);
    expect(screen.getAllByText('two loaded')).toHaveLength(2);
    expect(screen.getAllByTestId('status').map((p) => p.textContent)).toEqual(['done', 'done']);
    expect(activations.sort()).toEqual(['one', 'two']);
    expect(env.requests.filter((r) => r.url.pathname.includes('ProductContribution'))).toHaveLength(
      1,
    );
  });

  it('shows a failed extension with a retry that replaces its outcome', async () => {
    const failing = new Set(['two']);
    const { client, activations } = page(failing);
    render(
      <PlatformProvider client={client}>
        <Extensions />
      </PlatformProvider>,
    );
    expect(await screen.findByText('one loaded')).toBeTruthy();
    expect(screen.getByText('two failed')).toBeTruthy();
    failing.clear();
    fireEvent.click(screen.getByRole('button', { name: 'retry two' }));
    expect(await screen.findByText('two loaded')).toBeTruthy();
    expect(activations).toEqual(['one', 'two']);
  });

  it('renders the loading state on the server and loads nothing', () => {
    const { client, env } = page();
    const html = renderToString(
      <PlatformProvider client={client}>
        <Extensions />
      </PlatformProvider>,
    );
    expect(html).toContain('loading');
    expect(env.requests).toHaveLength(0);
  });
});
