// The client core with every React binding: measured against the core alone.
export { createPlatformCore } from '@ics/platform-client';
export {
  PlatformProvider,
  useAccess,
  useIdleSession,
  useOrganisation,
  usePlatformClient,
  useSession,
} from '@ics/platform-client/react';
