import type { PlatformClient } from '@ics/platform-client';

/** The part of the platform client the widget uses; a full `PlatformClient` satisfies it. */
export interface SwitcherClient {
  readonly shell: Pick<PlatformClient['shell'], 'getProductsWithLicenses'>;
  readonly logout: PlatformClient['logout'];
}

/** Where the widget reports what it skipped or failed to load; default `console`. */
export type SwitcherLogger = Pick<Console, 'error' | 'warn'>;
