/**
 * `@ics/platform-contract/schemas`: the runtime JSON schemas (TypeBox) of every entity, input and
 * answer of the contract, and the OpenAPI 3.1 document built from them. For servers, tests and
 * tools: never import it into a browser bundle (the declarations and types in the main entry
 * are derived from these schemas as types only).
 */
export {
  ApiErrorBody,
  ODataCollection,
  ProductRegistryGroup,
  ProductRegistryItem,
  ProductRegistryProduct,
  ProductsWithLicenses,
  ShellConfig,
  UserPreference,
  UserSession,
} from './common.ts';
export {
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
} from './identity.ts';
export { AssignedEdition, EffectiveLicenses, LicenseItem, LicenseViews } from './licence.ts';
export {
  AppBranding,
  Brand,
  DesignVariables,
  LogoPosition,
  NewTheme,
  OrgAndParentOrgBranding,
  OrgBranding,
  OrgBrandingForm,
  OrgBrandingInput,
  Theme,
} from './branding.ts';
export { AccountUrl, ClientAttributes } from './authorisation.ts';
export { UsageEvent, UsagePeriod, UsageQuery, UsageRecord, UsageSummary } from './metering.ts';
export {
  AnalyticsConfig,
  ProductWithLicenses,
  TrialUrl,
  UserProductsInfo,
} from './shellCatalogue.ts';
export {
  ContributionScript,
  JwtClaims,
  JwtTokenQuery,
  JwtTokenResponse,
  ProductContribution,
  ProductContributionList,
  SupportedTarget,
} from './token.ts';
export { ODATA_LITERAL, ODataQuery, odataQuery } from './odata.ts';
export {
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
} from './repository.ts';
export {
  Bundle,
  BundleDefinition,
  BundleDefinitionBody,
  BundleInstallation,
  BundleStatus,
  BundleValidation,
} from './bundles.ts';
export {
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
  PackageBytes,
  PackageObject,
  RunType,
} from './migration.ts';
export {
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
} from './notifications.ts';
export { Schedule, ScheduleBody, ScheduleInterval } from './scheduling.ts';
export {
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
} from './sourceControl.ts';
export { DocumentFilter, Paging } from './endpoints/repository.ts';
export { endpointSchemas, schemasOf } from './contractSchemas.ts';
export { openApiDocument } from './openapi.ts';
export { exampleIds, examplePackage } from './exampleObjects.ts';
export {
  count,
  email,
  enumOf,
  httpAddress,
  instant,
  key,
  keys,
  list,
  localeTag,
  map,
  Nothing,
  personName,
  repositoryDescription,
  repositoryName,
  skip,
  storable,
  STORABLE_TEXT_PATTERN,
  text,
  timeZone,
  top,
} from './primitives.ts';
export type { EndpointSchemas } from './endpointSchemas.ts';
