export {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
} from './createPlatformClient.ts';
export { browserEnvironment, type PlatformEnvironment } from './environment.ts';
export {
  ConfigurationError,
  HttpError,
  InvalidResponseError,
  NetworkError,
  PlatformError,
  TimeoutError,
  isConfigurationError,
  isHttpError,
  isNetworkError,
  isTimeoutError,
  type RequestInfo,
} from './errors.ts';
export type { CallOptions } from './http/bind.ts';
export type { PreferenceStore, PreferencesService } from './services/preferences.ts';
export type { SessionService } from './services/session.ts';
export type { ShellService } from './services/shell.ts';
export type {
  ProductRegistryGroup,
  ProductRegistryItem,
  ProductRegistryProduct,
  ProductsWithLicenses,
  ShellConfig,
  UserPreference,
  UserSession,
} from '@ics/platform-contract';
export { DEFAULT_SERVICE_PREFERENCE } from '@ics/platform-contract';
export {
  ExtensionCompatibilityError,
  ExtensionLoadError,
  InsecureResponseError,
  TokenExpiredError,
  TokenRenewalError,
  isInsecureResponseError,
  isTokenExpiredError,
} from './errors.ts';
export type {
  ChannelLike,
  LockManagerLike,
  ScriptUrl,
  TrustedTypesLike,
  WorkerLike,
} from './environment.ts';
export { TIME_WORKER_PATH, TIME_WORKER_SOURCE } from '@ics/platform-contract';
export type { BindOptions } from './http/bind.ts';
export type { RetryOptions } from './http/transport.ts';
export type { AuthService } from './services/auth.ts';
export type { SessionEvent, SessionManager, SessionOptions } from './session/sessionManager.ts';
export type { TokenEvent, TokenManagerOptions } from './session/tokenManager.ts';
export type { IdleEvent, IdleSessionOptions } from './session/idleSession.ts';
export { ACTIVITY_EVENTS } from './session/idleSession.ts';
export {
  acceptTokenResponse,
  DEFAULT_CLIENT_ID,
  type AcceptedToken,
} from './session/tokenResponse.ts';
export {
  hasAccess,
  canChangePermissions,
  CHANGE_PERMISSIONS_ALL_TYPES,
  WILDCARD,
  type AccessRequirement,
  type AccessSubject,
  type PermissionLicences,
} from './access/access.ts';
export {
  isExpiredOrInGrace,
  licenceState,
  type LicenceInfo,
  type LicenceItem,
  type LicenceState,
} from './access/licences.ts';
export {
  isSubOrganisation,
  isSystemOrganisation,
  MissingUserIdError,
  userIdOf,
  type OrganisationOf,
} from './access/organisations.ts';
export {
  ExtensionLoader,
  type ExtensionLoaderOptions,
  type ExtensionResult,
} from './extensions/extensionLoader.ts';
export {
  assertCompatible,
  isCompatible,
  SHELL_TARGETS,
  versionedScriptUrl,
} from './extensions/compatibility.ts';
export {
  acceptShellMessage,
  listenToShell,
  type MessageEventLike,
  type ShellMessage,
} from './shell/shellMessages.ts';
export * from './validation/index.ts';
export { generateId } from './ids.ts';
export type {
  JwtClaims,
  JwtTokenResponse,
  ProductContribution,
  ProductContributionList,
} from '@ics/platform-contract';
