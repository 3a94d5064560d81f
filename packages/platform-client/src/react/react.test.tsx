import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../createPlatformClient.ts';
import { fakeConfig, fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { channelHub, flush, makeJwt, run, tab } from '../test-support/fakeTabs.ts';
import {
  PlatformProvider,
  useAccess,
  useIdleSession,
  useOrganisation,
  usePlatformClient,
  useSession,
  type AccessRequirement,
} from './index.ts';

afterEach(cleanup);

const ada = {
  id: 'usr-ada-0000001',
  userName: 'ada',
  displayName: 'Ada Admin',
  orgId: 'org-acme-000001',
  currentOrgId: 'org-acme-000001',
  parentOrgId: 'org-acme-000001',
  effectivePrivileges: ['admin.users', 'read'],
};
const licences = {
  orgId: 'org-acme-000001',
  active: [{ id: 'lic-active' }, { id: 'lic-exclude' }],
  expired: [{ id: 'lic-expired' }],
  gracePeriod: [],
};

/** A scripted platform: who is signed in, per organisation, and what it was asked. */
function platform(options: { user?: number } = {}) {
  let current = ada.currentOrgId;
  const base = fakeEnvironment((url, init) => {
    const path = url.pathname;
    if (path.endsWith('/config'))
      return json(200, {
        ...fakeConfig,
        serviceUrls: { ...fakeConfig.serviceUrls, 'license-service': '/license-service/api/v1' },
      });
    if (path.endsWith('/session/User'))
      return options.user ? json(options.user, {}) : json(200, { ...ada, currentOrgId: current });
    if (path.endsWith('/session/selectOrg')) {
      current = (JSON.parse(String(init.body)) as { orgId: string }).orgId;
      return new Response(null, { status: 204 });
    }
    if (path.includes('EffectiveLicenses')) return json(200, { ...licences, orgId: current });
    if (/\/jwt\/(Token|Renew2?)$/.test(path)) {
      const iat = Math.floor(base.now() / 1000);
      const claims = {
        nonce: url.searchParams.get('nonce'),
        user_id: ada.id,
        iat,
        exp: iat + 3600,
      };
      return json(200, {
        jwt_token: makeJwt({ ...claims, client_id: url.searchParams.get('client_id') }),
      });
    }
    if (path.endsWith('/session/logout')) return new Response(null, { status: 204 });
    return json(404, {});
  });
  const asked = (fragment: string) =>
    base.requests.filter((r) => r.url.pathname.includes(fragment)).length;
  return { base, asked, client: createPlatformClient({ environment: base }) };
}

function Name() {
  const { status, user, error } = useSession();
  if (status === 'error') return <p>failed: {(error as Error).name}</p>;
  return <p>{status === 'ready' ? user?.displayName : 'loading'}</p>;
}

function Gate({ id, requirement }: { id: string; requirement: AccessRequirement }) {
  const { allowed, reason } = useAccess(requirement);
  return <p data-testid={id}>{`${allowed} ${reason}`}</p>;
}

describe('given components under one PlatformProvider', () => {
  it('reads the user once however many components use useSession, loading first', async () => {
    const { client, asked } = platform();
    render(
      <PlatformProvider client={client}>
        <Name />
        <Name />
        <Name />
      </PlatformProvider>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(3);
    expect(await screen.findAllByText('Ada Admin')).toHaveLength(3);
    expect(asked('/session/User')).toBe(1);
  });

  it('reports the error state when the user cannot be read', async () => {
    const { client } = platform({ user: 403 });
    render(
      <PlatformProvider client={client}>
        <Name />
      </PlatformProvider>,
    );
    expect(await screen.findByText('failed: HttpError')).toBeTruthy();
  });

  it.each([
    [401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }],
    [400, { error: { code: 'SS_001', message: 'Session ended' } }],
  ])(
    'reports signed-out when reading the user answers %i, with a client that routes itself',
    async (status, body) => {
      const base = fakeEnvironment((url) =>
        url.pathname.endsWith('/config') ? json(200, fakeConfig) : json(status, body),
      );
      const told: unknown[] = [];
      const client = createPlatformClient({
        environment: base,
        onUnauthenticated: (event) => told.push(event),
      });
      function Status() {
        const { status, error } = useSession();
        const access = useAccess({ privilege: 'read' });
        return (
          <p>{`${status} ${(error as { status?: number } | undefined)?.status} ${access.reason}`}</p>
        );
      }
      render(
        <PlatformProvider client={client}>
          <Status />
        </PlatformProvider>,
      );
      expect(await screen.findByText(`signed-out ${status} error`)).toBeTruthy();
      expect(told).toEqual([{ signInUrl: '/identity-service/home?returnTo=%2Fdemo%2F' }]);
      expect(base.navigations).toEqual([]);
    },
  );

  it('[PC-6.1] [PC-6.4] decides access with its reason: privilege and licences, exclusion, expired allowance', async () => {
    const { client, asked } = platform();
    render(
      <PlatformProvider client={client}>
        <Gate id="admin" requirement={{ privilege: 'admin.users', licence: 'lic-active' }} />
        <Gate id="no-priv" requirement={{ privilege: 'billing', licence: 'lic-active' }} />
        <Gate
          id="no-lic"
          requirement={{ privilege: 'read', licence: ['lic-active', 'lic-none'] }}
        />
        <Gate id="excluded" requirement={{ privilege: '*', exclusionLicence: 'lic-exclude' }} />
        <Gate id="expired" requirement={{ licence: 'lic-expired' }} />
        <Gate id="grace" requirement={{ licence: 'lic-expired', allowExpiredOrGrace: true }} />
        <Gate id="wild" requirement={{ privilege: '*', licence: '*' }} />
      </PlatformProvider>,
    );
    expect(screen.getByTestId('admin').textContent).toBe('false loading');
    await screen.findAllByText('true granted');
    const seen = (id: string) => screen.getByTestId(id).textContent;
    expect(seen('admin')).toBe('true granted');
    expect(seen('no-priv')).toBe('false missingPrivilege');
    expect(seen('no-lic')).toBe('false missingLicence');
    expect(seen('excluded')).toBe('false excluded');
    expect(seen('expired')).toBe('false missingLicence');
    expect(seen('grace')).toBe('true granted');
    expect(seen('wild')).toBe('true granted');
    expect(asked('EffectiveLicenses')).toBe(1);
  });

  it('useOrganisation.selectOrg changes the organisation and re-reads the user and licences', async () => {
    const { client, asked } = platform();
    let select: ((orgId: string) => Promise<void>) | undefined;
    function Org() {
      const org = useOrganisation();
      select = org.selectOrg;
      return <p data-testid="org">{`${org.status} ${org.orgId} ${org.isSubOrganisation}`}</p>;
    }
    render(
      <PlatformProvider client={client}>
        <Org />
        <Gate id="lic" requirement={{ licence: 'lic-active' }} />
      </PlatformProvider>,
    );
    await screen.findByText('ready org-acme-000001 false');
    await screen.findByText('true granted');
    await act(() => select?.('org-emea-000002'));
    expect(screen.getByTestId('org').textContent).toBe('ready org-emea-000002 false');
    await screen.findByText('true granted');
    expect(asked('/session/selectOrg')).toBe(1);
    expect(asked('/session/User')).toBe(2);
    expect(asked('EffectiveLicenses')).toBe(2);
  });

  it('usePlatformClient returns the provider’s client and fails clearly outside one', () => {
    const { client } = platform();
    let seen: unknown;
    function Probe() {
      seen = usePlatformClient();
      return null;
    }
    render(
      <PlatformProvider client={client}>
        <Probe />
      </PlatformProvider>,
    );
    expect(seen).toBe(client);
    expect(() => renderToString(<Probe />)).toThrow(
      'usePlatformClient must be used inside <PlatformProvider client={…}>.',
    );
  });
});

describe('given server rendering', () => {
  it('renders the loading state and sends no request', () => {
    const { client, base } = platform();
    const html = renderToString(
      <PlatformProvider client={client}>
        <Name />
        <Gate id="g" requirement={{ privilege: 'read', licence: 'lic-active' }} />
        <Warning />
      </PlatformProvider>,
    );
    expect(html).toContain('loading');
    expect(html).toContain('false loading');
    expect(html).toContain('calm');
    expect(base.requests).toHaveLength(0);
  });
});

function Warning() {
  const { warning, secondsLeft, timedOut, extend } = useIdleSession();
  if (timedOut) return <p>signed out</p>;
  if (!warning) return <p>calm</p>;
  return (
    <button type="button" onClick={extend}>
      {`stay (${secondsLeft} s)`}
    </button>
  );
}

describe('given a running session with an idle timeout', () => {
  it('[PC-4.7] useIdleSession warns, counts the seconds down on the clock, and extend() clears it', async () => {
    const { base } = platform();
    const env = tab(base, { hub: channelHub() });
    const client = createPlatformClient({ environment: env });
    const session = client.startSession({
      idle: { timeoutMs: 20_000, warningMs: 5_000 },
      token: { peerWaitMs: 0 },
    });
    render(
      <PlatformProvider client={client} session={session} clock={base}>
        <Warning />
      </PlatformProvider>,
    );
    expect(screen.getByText('calm')).toBeTruthy();
    await act(() => run(base, 15_000));
    expect(screen.getByRole('button').textContent).toBe('stay (5 s)');
    await act(() => run(base, 2_000));
    expect(screen.getByRole('button').textContent).toBe('stay (3 s)');
    fireEvent.click(screen.getByRole('button'));
    await act(flush);
    expect(screen.getByText('calm')).toBeTruthy();
    await act(() => run(base, 25_000));
    expect(screen.getByText('signed out')).toBeTruthy();
    session.stop();
  });
});
