import type { PlatformClient } from '@ics/platform-client';

/** The part of the platform client the widget uses; a full `PlatformClient` satisfies it. */
export interface SwitcherClient {
  /**
   * The product fetch: the catalogue, the user's licences and trials, and the preferred product.
   */
  readonly shell: Pick<PlatformClient['shell'], 'getProductsWithLicenses'>;
  /** Who is signed in: the default service is a preference of that user. */
  readonly session: Pick<PlatformClient['session'], 'getUser'>;
  /** The user's preferences, where the default service is kept (SW-3.9). */
  readonly preferences: Pick<PlatformClient['preferences'], 'forUser'>;
  /** Log Out (SW-7.3): ends the session and leaves for the sign-in page. */
  readonly logout: PlatformClient['logout'];
}

/** Where the widget reports what it skipped or failed to load; default `console`. */
export type SwitcherLogger = Pick<Console, 'error' | 'warn'>;
