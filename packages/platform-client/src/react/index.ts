// @ics/platform-client/react: thin hooks over the client's framework-free session state.
export {
  PlatformProvider,
  usePlatformClient,
  type PlatformProviderProps,
} from './PlatformProvider.ts';
export { useSession, type SessionView } from './useSession.ts';
export { useOrganisation, type OrganisationView } from './useOrganisation.ts';
export { useAccess, type AccessCheck } from './useAccess.ts';
export { useIdleSession, type IdleSessionView } from './useIdleSession.ts';
export type { AccessReason, AccessRequirement } from '../access/access.ts';
export type { Clock, IdleWarningState } from '../state/idleWarning.ts';
export type { SessionClient, SessionState } from '../state/sessionStore.ts';
export { useExtensions, type ExtensionsView } from './useExtensions.ts';
export type { ExtensionLoaderOptions, ExtensionResult } from '../extensions/extensionLoader.ts';
