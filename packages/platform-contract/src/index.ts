export { backends, shellConfigPath, type BackendName } from './backends.ts';
export {
  endpoint,
  type AccessRule,
  type AnyEndpoint,
  type BodyOf,
  type CredentialKind,
  type Endpoint,
  type HttpMethod,
  type None,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  takesSession,
} from './endpoint.ts';
export { encodePathValue, fillPath, templateParams } from './path.ts';
// Each group on its own, so an application bundles only the endpoints it calls.
export { authorisationEndpoints } from './endpoints/authorisation.ts';
export { brandingEndpoints } from './endpoints/branding.ts';
export { identityEndpoints } from './endpoints/identity.ts';
export { licenceEndpoints } from './endpoints/licence.ts';
export { meteringEndpoints } from './endpoints/metering.ts';
export { preferencesEndpoints } from './endpoints/preferences.ts';
export { sessionEndpoints } from './endpoints/session.ts';
export { shellEndpoints } from './endpoints/shell.ts';
export { usersEndpoints } from './endpoints/users.ts';
export { bundlesEndpoints } from './endpoints/bundles.ts';
export { repositoryEndpoints } from './endpoints/repository.ts';
export { migrationEndpoints } from './endpoints/migration.ts';
export { notificationsEndpoints } from './endpoints/notifications.ts';
export { schedulesEndpoints } from './endpoints/schedules.ts';
export { sourceControlEndpoints } from './endpoints/sourceControl.ts';
export { notificationSettingsEndpoints } from './endpoints/notificationSettings.ts';
export { authEndpoints } from './endpoints/auth.ts';
export { tokenEndpoints } from './endpoints/token.ts';
export { contract, listEndpoints, type DeclaredEndpoint, type ServiceGroup } from './contract.ts';
// Entities, inputs and answers: each type is the static type of its runtime schema in `./schemas`
// (imported as a type only, so no schema code reaches a bundle).
export type {
  ApiErrorBody,
  ODataCollection,
  ProductRegistryGroup,
  ProductRegistryItem,
  ProductRegistryProduct,
  ProductsWithLicenses,
  ShellConfig,
  UserPreference,
  UserSession,
} from './schemas/common.ts';
export type {
  CurrentUserInfo,
  EmailVerificationForUserRequest,
  EmailVerificationRequest,
  IdentityConfigInfo,
  IdentityUser,
  NewUser,
  OrgAttribute,
  Organisation,
  PendingVerification,
  Role,
  TimeZoneInfo,
  UserDeletion,
  UserDeletionResult,
  UserGroup,
  UserProfile,
  UserProfileUpdate,
  UserState,
  UserUpdate,
} from './schemas/identity.ts';
export type {
  AssignedEdition,
  EffectiveLicenses,
  LicenseItem,
  LicenseViews,
} from './schemas/licence.ts';
export type {
  AppBranding,
  Brand,
  LogoPosition,
  NewTheme,
  OrgAndParentOrgBranding,
  OrgBranding,
  OrgBrandingInput,
  Theme,
} from './schemas/branding.ts';
export type { AccountUrl, ClientAttributes } from './schemas/authorisation.ts';
export type {
  UsageEvent,
  UsagePeriod,
  UsageQuery,
  UsageRecord,
  UsageSummary,
} from './schemas/metering.ts';
export type {
  AnalyticsConfig,
  ProductWithLicenses,
  TrialUrl,
  UserProductsInfo,
} from './schemas/shellCatalogue.ts';
export type {
  ContributionScript,
  JwtClaims,
  JwtTokenQuery,
  JwtTokenResponse,
  ProductContribution,
  ProductContributionList,
  SupportedTarget,
} from './schemas/token.ts';
export type { ODataQuery } from './schemas/odata.ts';
export type {
  Acl,
  AclEntry,
  CandidateEntity,
  CheckEntityListResult,
  ContainerType,
  CopyProjectsBody,
  CreateContainerBody,
  DoctypePrivilege,
  DoctypePrivilegeQuery,
  EffectivePermission,
  EntityAccessBody,
  EntityConflict,
  EntityRef,
  Folder,
  MeteringTag,
  MeteringTagAssignmentBody,
  ParentInfo,
  Project,
  ProjectStat,
  RepositoryDocument,
  RepositoryEntity,
  RepositoryPermission,
  SourceSpec,
  Tag,
  TagAssignmentBody,
  TransferBody,
  UpdateAclBody,
  UpdateEntityBody,
} from './schemas/repository.ts';
export type { DocumentFilter, Paging } from './schemas/endpoints/repository.ts';
export type {
  Bundle,
  BundleDefinition,
  BundleDefinitionBody,
  BundleInstallation,
  BundleStatus,
  BundleValidation,
} from './schemas/bundles.ts';
export type {
  ComparableObjectType,
  CreateExportJobBody,
  CreateImportJobBody,
  ExecutionClient,
  ExportJob,
  ExportObject,
  ExportPackage,
  ImportJob,
  ImportPackage,
  ImportSpecification,
  InclusionScope,
  MigrationJobStatus,
  MigrationObject,
  PackageObject,
  RunType,
} from './schemas/migration.ts';
export type {
  BellSearchBody,
  BellSearchResult,
  NotificationAction,
  NotificationCategory,
  NotificationMessage,
  NotificationPreferences,
  NotificationPriority,
  NotificationSettings,
  NotificationStatus,
  NotificationType,
  ReceivedMessagesQuery,
} from './schemas/notifications.ts';
export type { Schedule, ScheduleBody, ScheduleInterval } from './schemas/scheduling.ts';
export type {
  CheckinBody,
  CompareBody,
  CompareJob,
  CompareResult,
  OAuthRedirect,
  PullByCommitHashBody,
  RemoteProject,
  RepoConnection,
  ScmActionResult,
  ScmCommit,
  ScmCredential,
  ScmCredentialBody,
  ScmDifference,
  ScmObjectState,
  ScmObjectsBody,
  ScmProvider,
} from './schemas/sourceControl.ts';
export { DEFAULT_SERVICE_PREFERENCE } from './preferenceKeys.ts';
export {
  MAX_COPY_ENTITIES,
  MAX_DESCRIPTION_LENGTH,
  MAX_ENTITY_ACCESS_ROWS,
  MAX_NAME_LENGTH,
  nameKey,
  namesConflict,
  validateCopySize,
  validateDescription,
  validateEntityAccessSize,
  validateRepositoryName,
  type RuleProblem,
} from './validation/repositoryRules.ts';
export { TIME_WORKER_PATH, TIME_WORKER_SOURCE } from './timeWorker.ts';
export { sameOriginPath, signInReturnPath } from './validation/returnPath.ts';
export {
  NOTIFICATION_CATEGORIES,
  TIME_ZONES,
  type NotificationCategoryId,
  type TimeZoneId,
} from './referenceData.ts';
export {
  PLATFORM_LOCALES,
  primarySubtag,
  type PlatformLocale,
  type PrimarySubtag,
} from './locales.ts';
