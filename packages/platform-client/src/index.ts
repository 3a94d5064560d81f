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
