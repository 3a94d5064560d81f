import type { PlatformEnvironment } from '../environment.ts';
import type { SessionManager } from '../session/sessionManager.ts';

/** The clock an `IdleWarning` counts down with; the browser's by default. */
export type Clock = Pick<PlatformEnvironment, 'now' | 'setTimeout' | 'clearTimeout'>;

/** The idle warning as a dialog shows it. */
export interface IdleWarningState {
  /** True from the warning until activity or logout. */
  readonly warning: boolean;
  /** Whole seconds until the idle logout while warning; otherwise `undefined`. */
  readonly secondsLeft: number | undefined;
  /** True once the idle timeout logged the user out. */
  readonly timedOut: boolean;
}

const CALM: IdleWarningState = Object.freeze({
  warning: false,
  secondsLeft: undefined,
  timedOut: false,
});

/**
 * The "you are about to be signed out" state of a running session (WCAG 2.2.1): set by the
 * session's warning, counted down each second on the given clock, cleared by activity in any
 * tab. Listens to the session only while it has subscribers. Framework free.
 */
export class IdleWarning {
  readonly #session: SessionManager;
  readonly #clock: Clock;
  readonly #listeners = new Set<() => void>();
  #state = CALM;
  #logoutAt = 0;
  #tick: unknown;
  #stop: (() => void) | undefined;

  constructor(session: SessionManager, clock: Clock) {
    this.#session = session;
    this.#clock = clock;
  }

  /** The current state; the same object until something changes. */
  readonly getSnapshot = (): IdleWarningState => this.#state;

  /** Listens to changes; returns how to stop. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#stop ??= this.#session.subscribe((event) => {
      if (event.type === 'warning') {
        this.#logoutAt = this.#clock.now() + event.remainingMs;
        this.#count();
      } else if (event.type === 'active') this.#set(CALM);
      else if (event.type === 'timeout' || event.type === 'logout')
        this.#set({ ...CALM, timedOut: true });
    });
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      this.#stop?.();
      this.#stop = undefined;
      this.#clock.clearTimeout(this.#tick);
    };
  };

  /** The 'Stay signed in' action: counts as activity in every tab. */
  readonly extend = (): void => this.#session.staySignedIn();

  #count(): void {
    const left = this.#logoutAt - this.#clock.now();
    this.#set({ warning: true, secondsLeft: Math.max(0, Math.ceil(left / 1000)), timedOut: false });
    if (left > 0) this.#tick = this.#clock.setTimeout(() => this.#count(), left % 1000 || 1000);
  }

  #set(state: IdleWarningState): void {
    this.#clock.clearTimeout(this.#tick);
    const s = this.#state;
    if (
      s.warning === state.warning &&
      s.secondsLeft === state.secondsLeft &&
      s.timedOut === state.timedOut
    )
      return;
    this.#state = state;
    for (const listener of [...this.#listeners]) listener();
  }
}
