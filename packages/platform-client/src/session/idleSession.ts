import type { PlatformEnvironment } from '../environment.ts';
import type { TabBus, TabMessage } from './tabBus.ts';
import type { Timers } from './timers.ts';

/** The activity events that reset the idle timer (PC-9.1). */
export const ACTIVITY_EVENTS = ['load', 'mousemove', 'mousedown', 'keypress', 'scroll', 'click'];

/** Timings of the idle session; every default follows spec §9. */
export interface IdleSessionOptions {
  /** Idle time before logout; default 1800000 (PC-9.1). */
  readonly timeoutMs?: number;
  /** How long before logout the warning fires; default 60000 (WCAG 2.2.1). */
  readonly warningMs?: number;
  /** Keep-alive ping interval; default 600000 (PC-9.1). */
  readonly keepAliveIntervalMs?: number;
  /** Activity is recorded at most this often; default 1000, never under 200. */
  readonly throttleMs?: number;
  /** Default `ACTIVITY_EVENTS`. */
  readonly activityEvents?: readonly string[];
}

/** What the idle session reports to its subscribers. */
export type IdleEvent =
  | { readonly type: 'warning'; readonly logoutAt: number; readonly remainingMs: number }
  | { readonly type: 'active' }
  | { readonly type: 'timeout' };

/**
 * The idle timer shared by every tab (PC-4.7): each tab records its last activity as a
 * wall-clock time and broadcasts it, so every tab knows the latest activity of all. A check
 * compares `now()` with that time whenever a timer fires or the page becomes visible, so a
 * sleeping laptop or a throttled background tab can never keep a session past its timeout.
 * On timeout the tab logs out and tells the others; the keep-alive ping goes from one tab,
 * only when there was activity since the last ping.
 */
export class IdleSession {
  readonly #env: PlatformEnvironment;
  readonly #bus: TabBus;
  readonly #timers: Timers;
  readonly #keepAlive: () => Promise<void>;
  readonly #onTimeout: (initiator: boolean) => void;
  readonly #o: Required<IdleSessionOptions>;
  readonly #listeners = new Set<(event: IdleEvent) => void>();
  readonly #cleanup: (() => void)[] = [];
  #lastActivity = 0;
  #lastRecorded = Number.NEGATIVE_INFINITY;
  #lastPing = 0;
  #warned = false;
  #ended = false;
  #checkTimer: unknown;
  #pingTimer: unknown;

  constructor(options: {
    environment: PlatformEnvironment;
    bus: TabBus;
    timers: Timers;
    /** Sends the keep-alive ping. */
    keepAlive: () => Promise<void>;
    /** Logs out; `initiator` is false when another tab timed out first. */
    onTimeout: (initiator: boolean) => void;
    settings?: IdleSessionOptions;
  }) {
    this.#env = options.environment;
    this.#bus = options.bus;
    this.#timers = options.timers;
    this.#keepAlive = options.keepAlive;
    this.#onTimeout = options.onTimeout;
    const s = options.settings ?? {};
    this.#o = {
      timeoutMs: s.timeoutMs ?? 1_800_000,
      warningMs: s.warningMs ?? 60_000,
      keepAliveIntervalMs: s.keepAliveIntervalMs ?? 600_000,
      throttleMs: Math.max(200, s.throttleMs ?? 1000),
      activityEvents: s.activityEvents ?? ACTIVITY_EVENTS,
    };
  }

  /** Starts listening to activity (passive listeners) and the other tabs. */
  start(): void {
    const env = this.#env;
    this.#lastActivity = env.now();
    this.#lastPing = env.now();
    for (const type of this.#o.activityEvents) {
      const target = type === 'load' || type === 'scroll' ? 'window' : 'document';
      const stop = env.listen?.(target, type, () => this.recordActivity(), {
        passive: true,
        capture: true,
      });
      if (stop) this.#cleanup.push(stop);
    }
    const stopVisibility = env.listen?.('document', 'visibilitychange', () => this.check(), {
      passive: true,
    });
    if (stopVisibility) this.#cleanup.push(stopVisibility);
    this.#cleanup.push(this.#bus.subscribe((message) => this.#onMessage(message)));
    this.#scheduleCheck();
    this.#schedulePing();
  }

  /** Stops every listener and timer. */
  stop(): void {
    for (const stop of this.#cleanup.splice(0)) stop();
    this.#timers.clear(this.#checkTimer);
    this.#timers.clear(this.#pingTimer);
  }

  /** Listens to warnings, renewed activity and the timeout; returns how to stop. */
  subscribe(listener: (event: IdleEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Records user activity (throttled) and tells the other tabs. Also the 'Stay signed in' action. */
  recordActivity(): void {
    const now = this.#env.now();
    if (this.#ended || now - this.#lastRecorded < this.#o.throttleMs) return;
    this.#lastRecorded = now;
    this.#bus.post({ type: 'activity', at: now });
    this.#noteActivity(now);
  }

  /** Milliseconds since the latest activity in any tab. */
  idleMs(): number {
    return this.#env.now() - this.#lastActivity;
  }

  /** Decides from the clock: warn, log out, or plan the next check. */
  check(): void {
    if (this.#ended) return;
    const idle = this.idleMs();
    const { timeoutMs, warningMs } = this.#o;
    if (idle >= timeoutMs) {
      // One tab logs out for all: the others hear its message before they get the lock.
      void this.#bus.withLock('idle-logout', async () => {
        if (this.idleMs() < timeoutMs) return this.#scheduleCheck();
        this.#end(true);
      });
      return;
    }
    if (idle >= timeoutMs - warningMs && !this.#warned) {
      this.#warned = true;
      this.#emit({
        type: 'warning',
        logoutAt: this.#lastActivity + timeoutMs,
        remainingMs: timeoutMs - idle,
      });
    }
    this.#scheduleCheck();
  }

  #noteActivity(at: number): void {
    if (at <= this.#lastActivity) return;
    this.#lastActivity = at;
    if (this.#warned) {
      this.#warned = false;
      this.#emit({ type: 'active' });
    }
    this.#scheduleCheck();
  }

  #onMessage(message: TabMessage): void {
    if (message.type === 'activity') this.#noteActivity(Math.min(message.at, this.#env.now()));
    else if (message.type === 'ping') this.#lastPing = Math.max(this.#lastPing, message.at);
    else if (message.type === 'logout') this.#end(false);
  }

  #end(initiator: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    this.stop();
    if (initiator) this.#bus.post({ type: 'logout' });
    this.#emit({ type: 'timeout' });
    this.#onTimeout(initiator);
  }

  #scheduleCheck(): void {
    this.#timers.clear(this.#checkTimer);
    const idle = this.idleMs();
    const { timeoutMs, warningMs } = this.#o;
    const next = this.#warned ? timeoutMs - idle : timeoutMs - warningMs - idle;
    this.#checkTimer = this.#timers.set(() => this.check(), Math.max(0, next));
  }

  #schedulePing(): void {
    this.#timers.clear(this.#pingTimer);
    const wait = this.#lastPing + this.#o.keepAliveIntervalMs - this.#env.now();
    this.#pingTimer = this.#timers.set(() => void this.#ping(), Math.max(0, wait));
  }

  /** One tab pings: the one that takes the lock and still finds the ping due. */
  async #ping(): Promise<void> {
    await this.#bus.withLock('keep-alive', async () => {
      const now = this.#env.now();
      const due = now - this.#lastPing >= this.#o.keepAliveIntervalMs;
      if (!due || this.#ended) return;
      const active = this.#lastActivity > this.#lastPing;
      this.#lastPing = now;
      this.#bus.post({ type: 'ping', at: now });
      if (active) {
        await this.#keepAlive().catch((error: unknown) =>
          this.#env.console.warn('Keep-alive ping failed', error),
        );
      }
    });
    if (!this.#ended) this.#schedulePing();
  }

  #emit(event: IdleEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }
}
