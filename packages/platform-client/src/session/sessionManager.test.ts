import { describe, expect, it } from 'vitest';
import type { TokenRenewalError } from '../errors.ts';
import { fakeEnvironment, json } from '../test-support/fakeEnvironment.ts';
import { channelHub, fakeLocks, makeJwt, run, tab } from '../test-support/fakeTabs.ts';
import { fakeWorker } from '../test-support/fakeWorker.ts';
import { createSessionManager, type SessionEvent, type SessionOptions } from './sessionManager.ts';
import { TabBus, type TabMessage } from './tabBus.ts';
import type { TokenCalls } from './tokenManager.ts';

const MIN = 60_000;

/** One tab running a session next to a second tab that only listens and posts. */
function setup(
  options: { settings?: SessionOptions; obtainFails?: boolean; worker?: boolean } = {},
) {
  const base = fakeEnvironment(() => json(200, {}));
  const hub = channelHub();
  const locks = fakeLocks();
  const errors: unknown[][] = [];
  const worker = fakeWorker();
  const env = {
    ...tab(base, { hub, locks }),
    console: { error: (...args: unknown[]) => errors.push(args), warn() {}, info() {} },
    ...(options.worker ? { createWorker: () => worker.worker } : {}),
  };
  const obtained: { query: Record<string, string>; jwt: string }[] = [];
  const issue = (query: Record<string, string>) => {
    if (options.obtainFails) return Promise.reject(new Error('identity down'));
    const iat = Math.floor(base.now() / 1000);
    const jwt = makeJwt({
      ...query,
      org_id: 'org-acme-000001',
      user_id: 'usr-ada-0000001',
      iat,
      exp: iat + 1800,
    });
    obtained.push({ query, jwt });
    return Promise.resolve({ jwt_token: jwt, session_expiry: '2030-01-01T00:00:00Z' });
  };
  const calls: TokenCalls = { obtain: issue, renew: issue, renew2: issue };
  const logouts: boolean[] = [];
  const failures: TokenRenewalError[] = [];
  const manager = createSessionManager({
    environment: env,
    bus: new TabBus(env),
    calls,
    accessCode: () => 'xsrf-access-code',
    keepAlive: () => Promise.resolve(),
    logout: (initiator) => logouts.push(initiator),
    unauthenticated: (error) => failures.push(error),
    settings: options.settings,
  });
  const events: SessionEvent[] = [];
  manager.subscribe((event) => events.push(event));
  const other = new TabBus(tab(base, { hub, locks }));
  const heard: TabMessage[] = [];
  other.subscribe((message) => heard.push(message));
  return { base, manager, events, other, heard, obtained, logouts, failures, errors, worker };
}

const logoutEvents = (events: SessionEvent[]) => events.filter((e) => e.type === 'logout');

describe('createSessionManager', () => {
  it('[PC-9.8] getToken() resolves to the JWT obtained with the token settings (client id)', async () => {
    const { base, manager, obtained, events } = setup({
      settings: { token: { clientId: 'reports_app' } },
    });
    await run(base, 100); // the peer wait before the first request
    expect(obtained).toHaveLength(1);
    expect(obtained[0]?.query.client_id).toBe('reports_app');
    const token = manager.getToken();
    await run(base, 100);
    expect(await token).toBe(obtained[0]?.jwt);
    expect(events).toContainEqual({
      type: 'token',
      jwt: obtained[0]?.jwt,
      // received after the 50 ms peer wait, valid for its 30 min lifetime from then
      expiresAt: 1_700_000_000_000 + 50 + 1800_000,
    });
  });

  it('logs the failed first JWT request to the console instead of rejecting unhandled', async () => {
    const { base, errors } = setup({ obtainFails: true });
    await run(base, 100);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[0]).toBe('Could not obtain the JWT');
    expect((errors[0]?.[1] as Error).message).toBe('identity down');
  });

  it('[PC-9.1] the idle timeout from the idle settings logs out as initiator and stops renewing the JWT', async () => {
    const { base, events, obtained, logouts, heard } = setup({
      settings: { idle: { timeoutMs: 10 * MIN, warningMs: MIN } },
    });
    await run(base, 10 * MIN - 1);
    expect(logouts).toEqual([]);
    await run(base, 1);
    expect(logouts).toEqual([true]);
    expect(events.filter((e) => e.type === 'timeout')).toHaveLength(1);
    expect(heard).toContainEqual({ type: 'logout' });
    // The token (30 min) would be renewed 4 min before expiry if the manager still ran.
    await run(base, 60 * MIN);
    expect(obtained).toHaveLength(1);
  });

  it('staySignedIn() tells the other tabs and postpones the idle timeout', async () => {
    const { base, manager, logouts, heard } = setup({
      settings: { idle: { timeoutMs: 10 * MIN, warningMs: MIN } },
    });
    await run(base, 9 * MIN);
    manager.staySignedIn();
    await run(base, 0);
    expect(heard).toContainEqual({ type: 'activity', at: base.now() });
    await run(base, 10 * MIN - 1);
    expect(logouts).toEqual([]);
    await run(base, 1);
    expect(logouts).toEqual([true]);
  });

  it("reports another tab's logout to subscribers, and nothing for its other messages", async () => {
    const { base, manager, events, other, logouts } = setup();
    const second: SessionEvent[] = [];
    const unsubscribe = manager.subscribe((event) => second.push(event));
    const third: SessionEvent[] = [];
    manager.subscribe((event) => third.push(event))();
    unsubscribe();
    other.post({ type: 'activity', at: base.now() });
    other.post({ type: 'ping', at: base.now() });
    await run(base, 0);
    expect(logoutEvents(events)).toEqual([]);
    other.post({ type: 'logout' });
    await run(base, 0);
    expect(logoutEvents(events)).toEqual([{ type: 'logout' }]);
    expect(logouts).toEqual([false]);
    expect(second).toEqual([]);
    expect(third).toEqual([]);
  });

  it('stop() ends the logout listener, the idle timer, renewal and the time worker', async () => {
    const { base, manager, events, other, logouts, obtained, worker } = setup({
      worker: true,
      settings: { idle: { timeoutMs: 10 * MIN } },
    });
    worker.hello();
    await run(base, 0);
    expect(manager.timerKind).toBe('worker');
    manager.stop();
    expect(worker.state.terminated).toBe(true);
    expect(manager.timerKind).toBe('page');
    other.post({ type: 'logout' });
    await run(base, 60 * MIN);
    expect(logoutEvents(events)).toEqual([]);
    expect(logouts).toEqual([]);
    expect(obtained).toHaveLength(1);
  });

  it('[PC-9.11] gives the time worker workerHandshakeMs to answer, then runs timers in the page', async () => {
    const { base, manager, worker } = setup({ worker: true, settings: { workerHandshakeMs: 500 } });
    await run(base, 499);
    expect(worker.state.terminated).toBe(false);
    await run(base, 1);
    expect(worker.state.terminated).toBe(true);
    expect(manager.timerKind).toBe('page');
  });
});
