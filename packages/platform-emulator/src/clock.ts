/**
 * Where the emulator reads the time. Every decision that depends on time asks it: JWT `iat`
 * and `exp`, session expiry, migration and compare job progress, schedules' next runs,
 * metering's default instant and the relative times of seeded notifications. Tests inject a
 * clock they advance instead of waiting (docs/decisions/0810-injectable-clock.md).
 */
export interface EmulatorClock {
  /** Milliseconds since the Unix epoch, like `Date.now()`. */
  now(): number;
}

/** The host's wall clock: what the CLI and `npm start` use. */
export const systemClock: EmulatorClock = { now: () => Date.now() };

/** The clock's instant as a `Date`, the form SQL parameters take. */
export const instantOf = (clock: EmulatorClock): Date => new Date(clock.now());
