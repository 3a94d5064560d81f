import { isSignedOutError } from '../http/authRedirect.ts';
import type { PlatformEnvironment } from '../environment.ts';
import type { TokenRenewalError } from '../errors.ts';
import { IdleSession, type IdleEvent, type IdleSessionOptions } from './idleSession.ts';
import type { TabBus } from './tabBus.ts';
import { createTimers, type Timers } from './timers.ts';
import {
  TokenManager,
  type TokenCalls,
  type TokenEvent,
  type TokenManagerOptions,
} from './tokenManager.ts';

/** Options of `client.startSession()`. */
export interface SessionOptions {
  /** Token renewal settings (PC-9.2, PC-9.3, PC-9.8). */
  readonly token?: TokenManagerOptions;
  /** Idle timeout, warning and keep-alive settings (PC-9.1). */
  readonly idle?: IdleSessionOptions;
  /** Longest wait for the time worker's handshake, ms; default 2000 (PC-9.11). */
  readonly workerHandshakeMs?: number;
}

/** Token, idle and logout events of a running session. */
export type SessionEvent = TokenEvent | IdleEvent | { readonly type: 'logout' };

/** A running session: the JWT kept renewed, the idle timer, keep-alive and logout across tabs. */
export interface SessionManager {
  /** The current JWT, renewed first when under 5 minutes remain (PC-9.3). */
  getToken(): Promise<string>;
  /** The 'Stay signed in' action: counts as activity in every tab (WCAG 2.2.1). */
  staySignedIn(): void;
  /** Listens to session events; returns how to stop. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Whether timers run in the time worker ('worker') or the page ('page'). */
  readonly timerKind: 'worker' | 'page';
  /** Stops everything (the page keeps its session on the server). */
  stop(): void;
}

/** Wires the token manager and the idle session together over one tab bus and one set of timers. */
export function createSessionManager(options: {
  environment: PlatformEnvironment;
  bus: TabBus;
  calls: TokenCalls;
  accessCode: () => string;
  keepAlive: () => Promise<void>;
  /** Ends the session: the logout call when `initiator`, then the logout page. */
  logout: (initiator: boolean) => void;
  /** The 401 path, after renewal failed for good (PC-9.2). */
  unauthenticated: (error: TokenRenewalError) => void;
  settings?: SessionOptions;
}): SessionManager {
  const timers: Timers = createTimers(options.environment, {
    handshakeMs: options.settings?.workerHandshakeMs,
  });
  const listeners = new Set<(event: SessionEvent) => void>();
  const emit = (event: SessionEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const tokens = new TokenManager({
    environment: options.environment,
    calls: options.calls,
    bus: options.bus,
    timers,
    accessCode: options.accessCode,
    onFailure: options.unauthenticated,
    settings: options.settings?.token,
  });
  const idle = new IdleSession({
    environment: options.environment,
    bus: options.bus,
    timers,
    keepAlive: options.keepAlive,
    onTimeout: (initiator) => {
      tokens.stop();
      options.logout(initiator);
    },
    settings: options.settings?.idle,
  });
  const stopLogoutListener = options.bus.subscribe((message) => {
    if (message.type !== 'logout') return;
    emit({ type: 'logout' });
  });
  tokens.subscribe(emit);
  idle.subscribe(emit);
  idle.start();
  void tokens.start().catch((error: unknown) => {
    // Not signed in (401, or 400 SS_001): the page's calls meet the same answer and go to
    // sign-in, the expected path of a first load, which is nothing to report.
    if (!isSignedOutError(error))
      options.environment.console.error('Could not obtain the JWT', error);
  });
  return {
    getToken: () => tokens.getToken(),
    staySignedIn: () => idle.recordActivity(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get timerKind() {
      return timers.kind;
    },
    stop() {
      stopLogoutListener();
      idle.stop();
      tokens.stop();
      timers.stop();
    },
  };
}
