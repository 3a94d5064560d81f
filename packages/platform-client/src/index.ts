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
export type {
  AccessTokenProvider,
  NotificationSettingsService,
} from './services/notificationSettings.ts';
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
