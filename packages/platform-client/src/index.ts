export {
  createPlatformCore,
  type PlatformCore,
  type PlatformCoreOptions,
} from './createPlatformCore.ts';
export {
  createPlatformClient,
  type PlatformClient,
  type PlatformClientOptions,
} from './createPlatformClient.ts';
export { browserEnvironment, systemClock, type PlatformEnvironment } from './environment.ts';
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
export { signInUrl, type UnauthenticatedEvent } from './http/authRedirect.ts';
export type { CallOptions } from './http/bind.ts';
export type { PreferenceStore, PreferencesService } from './services/preferences.ts';
export type { SessionService } from './services/session.ts';
export type { ShellService } from './services/shell.ts';
export type { AuthorisationService } from './services/authorisation.ts';
export type { BrandingService } from './services/branding.ts';
export type { IdentityService } from './services/identity.ts';
export type { LicenceService } from './services/licence.ts';
export type { MeteringService } from './services/metering.ts';
export type { UsersService } from './services/users.ts';
export type {
  AccountUrl,
  AnalyticsConfig,
  AppBranding,
  AssignedEdition,
  Brand,
  ClientAttributes,
  CurrentUserInfo,
  EffectiveLicenses,
  IdentityConfigInfo,
  IdentityUser,
  LicenseItem,
  LicenseViews,
  LogoPosition,
  NewUser,
  ODataCollection,
  ODataQuery,
  Organisation,
  OrgAndParentOrgBranding,
  OrgAttribute,
  OrgBranding,
  OrgBrandingInput,
  PendingVerification,
  ProductWithLicenses,
  Role,
  Theme,
  TimeZoneInfo,
  TrialUrl,
  UsageEvent,
  UsageQuery,
  UsageRecord,
  UsageSummary,
  UserDeletionResult,
  UserGroup,
  UserProductsInfo,
  UserProfile,
  UserProfileUpdate,
  UserUpdate,
} from '@ics/platform-contract';
export { RepositoryRuleError, type RepositoryService } from './services/repository.ts';
export type { BundlesService } from './services/bundles.ts';
export type { MigrationService } from './services/migration.ts';
export {
  DEFAULT_MESSAGE_ORDER,
  UnsafeActionAddressError,
  type NotificationsService,
} from './services/notifications.ts';
export type { SchedulesService } from './services/schedules.ts';
export type { SourceControlService } from './services/sourceControl.ts';
export type { NotificationSettingsService } from './services/notificationSettings.ts';
export type { AccessTokenProvider } from './http/bind.ts';
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
export type {
  Acl,
  AclEntry,
  Bundle,
  BundleDefinition,
  BundleInstallation,
  ExportJob,
  ExportObject,
  Folder,
  ImportJob,
  MigrationObject,
  NotificationMessage,
  NotificationSettings,
  Project,
  RepoConnection,
  RepositoryEntity,
  Schedule,
  ScmCommit,
  ScmCredential,
  Tag,
} from '@ics/platform-contract';
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
  ScriptAttributes,
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
  decideAccess,
  hasAccess,
  canChangePermissions,
  CHANGE_PERMISSIONS_ALL_TYPES,
  WILDCARD,
  type AccessDecision,
  type AccessReason,
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
  type Extensions,
  type ExtensionResult,
} from './extensions/extensionLoader.ts';
export type { ShellTarget } from './extensions/extensionHost.ts';
export {
  pageRegistry,
  type ExtensionRegistry,
  type RegisteredExtension,
} from './extensions/pageRegistry.ts';
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
export {
  changeDefaultService,
  decideDefaultServiceAction,
  type ChangeDefaultServiceOptions,
  type DefaultServiceAction,
  type DefaultServiceOutcome,
} from './services/defaultService.ts';
export { PLATFORM_LOCALES, primarySubtag, type PlatformLocale } from '@ics/platform-contract';
