import type { EmulatorClock } from '../clock.ts';

/**
 * The emulator's clock as the console steers it: another clock (the system's, or one a test
 * injected) plus an offset that only grows until `reset()`. Every time decision reads `now()`,
 * so JWT and session expiry, jobs and schedules follow an `advance`.
 */
export class AdjustableClock implements EmulatorClock {
  #offsetMs = 0;
  /** Told after every change (the console keeps the offset in the database: decision 1220). */
  onChange: (() => void) | undefined;

  constructor(private readonly base: EmulatorClock) {}

  now(): number {
    return this.base.now() + this.#offsetMs;
  }

  /** How far ahead of the underlying clock this one is, in milliseconds. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the time forward; time never goes back except by `reset()`. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('Advance by a positive duration.');
    this.#offsetMs += ms;
    this.onChange?.();
  }

  /** Back to the underlying clock's time ("real time"). */
  reset(): void {
    this.#offsetMs = 0;
    this.onChange?.();
  }

  /** Takes an offset kept elsewhere (another process advanced the shared clock). */
  adopt(offsetMs: number): void {
    this.#offsetMs = offsetMs;
  }
}

/** The time without the console's advance: what has happened for real (the advance is reversible). */
export const realNow = (clock: EmulatorClock): number =>
  clock instanceof AdjustableClock ? clock.now() - clock.offsetMs : clock.now();
