import { describe, expectTypeOf, it } from 'vitest';
import type * as Main from './index.ts';
import type * as Schemas from './schemas/index.ts';
import type { Of } from './schemas/of.ts';

// The contract's types are the static types of its runtime schemas (decision 0958): each is
// declared beside its schema, and the main entry exports it under the name users import.

describe('the types of the main entry', () => {
  it('each entity, input and answer is the read-only static type of the schema of its name', () => {
    expectTypeOf<Main.AccountUrl>().toEqualTypeOf<Of<typeof Schemas.AccountUrl>>();
    expectTypeOf<Main.Acl>().toEqualTypeOf<Of<typeof Schemas.Acl>>();
    expectTypeOf<Main.AclEntry>().toEqualTypeOf<Of<typeof Schemas.AclEntry>>();
    expectTypeOf<Main.AnalyticsConfig>().toEqualTypeOf<Of<typeof Schemas.AnalyticsConfig>>();
    expectTypeOf<Main.ApiErrorBody>().toEqualTypeOf<Of<typeof Schemas.ApiErrorBody>>();
    expectTypeOf<Main.AppBranding>().toEqualTypeOf<Of<typeof Schemas.AppBranding>>();
    expectTypeOf<Main.AssignedEdition>().toEqualTypeOf<Of<typeof Schemas.AssignedEdition>>();
    expectTypeOf<Main.BellSearchBody>().toEqualTypeOf<Of<typeof Schemas.BellSearchBody>>();
    expectTypeOf<Main.BellSearchResult>().toEqualTypeOf<Of<typeof Schemas.BellSearchResult>>();
    expectTypeOf<Main.Brand>().toEqualTypeOf<Of<typeof Schemas.Brand>>();
    expectTypeOf<Main.Bundle>().toEqualTypeOf<Of<typeof Schemas.Bundle>>();
    expectTypeOf<Main.BundleDefinition>().toEqualTypeOf<Of<typeof Schemas.BundleDefinition>>();
    expectTypeOf<Main.BundleDefinitionBody>().toEqualTypeOf<
      Of<typeof Schemas.BundleDefinitionBody>
    >();
    expectTypeOf<Main.BundleInstallation>().toEqualTypeOf<Of<typeof Schemas.BundleInstallation>>();
    expectTypeOf<Main.BundleStatus>().toEqualTypeOf<Of<typeof Schemas.BundleStatus>>();
    expectTypeOf<Main.BundleValidation>().toEqualTypeOf<Of<typeof Schemas.BundleValidation>>();
    expectTypeOf<Main.CandidateEntity>().toEqualTypeOf<Of<typeof Schemas.CandidateEntity>>();
    expectTypeOf<Main.CheckEntityListResult>().toEqualTypeOf<
      Of<typeof Schemas.CheckEntityListResult>
    >();
    expectTypeOf<Main.CheckinBody>().toEqualTypeOf<Of<typeof Schemas.CheckinBody>>();
    expectTypeOf<Main.ClientAttributes>().toEqualTypeOf<Of<typeof Schemas.ClientAttributes>>();
    expectTypeOf<Main.ComparableObjectType>().toEqualTypeOf<
      Of<typeof Schemas.ComparableObjectType>
    >();
    expectTypeOf<Main.CompareBody>().toEqualTypeOf<Of<typeof Schemas.CompareBody>>();
    expectTypeOf<Main.CompareJob>().toEqualTypeOf<Of<typeof Schemas.CompareJob>>();
    expectTypeOf<Main.CompareResult>().toEqualTypeOf<Of<typeof Schemas.CompareResult>>();
    expectTypeOf<Main.ContainerType>().toEqualTypeOf<Of<typeof Schemas.ContainerType>>();
    expectTypeOf<Main.ContributionScript>().toEqualTypeOf<Of<typeof Schemas.ContributionScript>>();
    expectTypeOf<Main.CopyProjectsBody>().toEqualTypeOf<Of<typeof Schemas.CopyProjectsBody>>();
    expectTypeOf<Main.CreateContainerBody>().toEqualTypeOf<
      Of<typeof Schemas.CreateContainerBody>
    >();
    expectTypeOf<Main.CreateExportJobBody>().toEqualTypeOf<
      Of<typeof Schemas.CreateExportJobBody>
    >();
    expectTypeOf<Main.CreateImportJobBody>().toEqualTypeOf<
      Of<typeof Schemas.CreateImportJobBody>
    >();
    expectTypeOf<Main.CurrentUserInfo>().toEqualTypeOf<Of<typeof Schemas.CurrentUserInfo>>();
    expectTypeOf<Main.DoctypePrivilege>().toEqualTypeOf<Of<typeof Schemas.DoctypePrivilege>>();
    expectTypeOf<Main.DoctypePrivilegeQuery>().toEqualTypeOf<
      Of<typeof Schemas.DoctypePrivilegeQuery>
    >();
    expectTypeOf<Main.DocumentFilter>().toEqualTypeOf<Of<typeof Schemas.DocumentFilter>>();
    expectTypeOf<Main.EffectiveLicenses>().toEqualTypeOf<Of<typeof Schemas.EffectiveLicenses>>();
    expectTypeOf<Main.EffectivePermission>().toEqualTypeOf<
      Of<typeof Schemas.EffectivePermission>
    >();
    expectTypeOf<Main.EmailVerificationForUserRequest>().toEqualTypeOf<
      Of<typeof Schemas.EmailVerificationForUserRequest>
    >();
    expectTypeOf<Main.EmailVerificationRequest>().toEqualTypeOf<
      Of<typeof Schemas.EmailVerificationRequest>
    >();
    expectTypeOf<Main.EntityAccessBody>().toEqualTypeOf<Of<typeof Schemas.EntityAccessBody>>();
    expectTypeOf<Main.EntityConflict>().toEqualTypeOf<Of<typeof Schemas.EntityConflict>>();
    expectTypeOf<Main.EntityRef>().toEqualTypeOf<Of<typeof Schemas.EntityRef>>();
    expectTypeOf<Main.ExecutionClient>().toEqualTypeOf<Of<typeof Schemas.ExecutionClient>>();
    expectTypeOf<Main.ExportJob>().toEqualTypeOf<Of<typeof Schemas.ExportJob>>();
    expectTypeOf<Main.ExportObject>().toEqualTypeOf<Of<typeof Schemas.ExportObject>>();
    expectTypeOf<Main.Folder>().toEqualTypeOf<Of<typeof Schemas.Folder>>();
    expectTypeOf<Main.IdentityConfigInfo>().toEqualTypeOf<Of<typeof Schemas.IdentityConfigInfo>>();
    expectTypeOf<Main.IdentityUser>().toEqualTypeOf<Of<typeof Schemas.IdentityUser>>();
    expectTypeOf<Main.ImportJob>().toEqualTypeOf<Of<typeof Schemas.ImportJob>>();
    expectTypeOf<Main.ImportPackage>().toEqualTypeOf<Of<typeof Schemas.ImportPackage>>();
    expectTypeOf<Main.ImportSpecification>().toEqualTypeOf<
      Of<typeof Schemas.ImportSpecification>
    >();
    expectTypeOf<Main.InclusionScope>().toEqualTypeOf<Of<typeof Schemas.InclusionScope>>();
    expectTypeOf<Main.JwtClaims>().toEqualTypeOf<Of<typeof Schemas.JwtClaims>>();
    expectTypeOf<Main.JwtTokenQuery>().toEqualTypeOf<Of<typeof Schemas.JwtTokenQuery>>();
    expectTypeOf<Main.JwtTokenResponse>().toEqualTypeOf<Of<typeof Schemas.JwtTokenResponse>>();
    expectTypeOf<Main.LicenseItem>().toEqualTypeOf<Of<typeof Schemas.LicenseItem>>();
    expectTypeOf<Main.LicenseViews>().toEqualTypeOf<Of<typeof Schemas.LicenseViews>>();
    expectTypeOf<Main.LogoPosition>().toEqualTypeOf<Of<typeof Schemas.LogoPosition>>();
    expectTypeOf<Main.MeteringTag>().toEqualTypeOf<Of<typeof Schemas.MeteringTag>>();
    expectTypeOf<Main.MeteringTagAssignmentBody>().toEqualTypeOf<
      Of<typeof Schemas.MeteringTagAssignmentBody>
    >();
    expectTypeOf<Main.MigrationJobStatus>().toEqualTypeOf<Of<typeof Schemas.MigrationJobStatus>>();
    expectTypeOf<Main.MigrationObject>().toEqualTypeOf<Of<typeof Schemas.MigrationObject>>();
    expectTypeOf<Main.NewTheme>().toEqualTypeOf<Of<typeof Schemas.NewTheme>>();
    expectTypeOf<Main.NewUser>().toEqualTypeOf<Of<typeof Schemas.NewUser>>();
    expectTypeOf<Main.NotificationAction>().toEqualTypeOf<Of<typeof Schemas.NotificationAction>>();
    expectTypeOf<Main.NotificationCategory>().toEqualTypeOf<
      Of<typeof Schemas.NotificationCategory>
    >();
    expectTypeOf<Main.NotificationMessage>().toEqualTypeOf<
      Of<typeof Schemas.NotificationMessage>
    >();
    expectTypeOf<Main.NotificationPreferences>().toEqualTypeOf<
      Of<typeof Schemas.NotificationPreferences>
    >();
    expectTypeOf<Main.NotificationPriority>().toEqualTypeOf<
      Of<typeof Schemas.NotificationPriority>
    >();
    expectTypeOf<Main.NotificationSettings>().toEqualTypeOf<
      Of<typeof Schemas.NotificationSettings>
    >();
    expectTypeOf<Main.NotificationStatus>().toEqualTypeOf<Of<typeof Schemas.NotificationStatus>>();
    expectTypeOf<Main.NotificationType>().toEqualTypeOf<Of<typeof Schemas.NotificationType>>();
    expectTypeOf<Main.OAuthRedirect>().toEqualTypeOf<Of<typeof Schemas.OAuthRedirect>>();
    expectTypeOf<Main.ODataQuery>().toEqualTypeOf<Of<typeof Schemas.ODataQuery>>();
    expectTypeOf<Main.OrgAndParentOrgBranding>().toEqualTypeOf<
      Of<typeof Schemas.OrgAndParentOrgBranding>
    >();
    expectTypeOf<Main.OrgAttribute>().toEqualTypeOf<Of<typeof Schemas.OrgAttribute>>();
    expectTypeOf<Main.OrgBranding>().toEqualTypeOf<Of<typeof Schemas.OrgBranding>>();
    expectTypeOf<Main.OrgBrandingInput>().toEqualTypeOf<Of<typeof Schemas.OrgBrandingInput>>();
    expectTypeOf<Main.Organisation>().toEqualTypeOf<Of<typeof Schemas.Organisation>>();
    expectTypeOf<Main.Paging>().toEqualTypeOf<Of<typeof Schemas.Paging>>();
    expectTypeOf<Main.ParentInfo>().toEqualTypeOf<Of<typeof Schemas.ParentInfo>>();
    expectTypeOf<Main.PendingVerification>().toEqualTypeOf<
      Of<typeof Schemas.PendingVerification>
    >();
    expectTypeOf<Main.ProductContribution>().toEqualTypeOf<
      Of<typeof Schemas.ProductContribution>
    >();
    expectTypeOf<Main.ProductContributionList>().toEqualTypeOf<
      Of<typeof Schemas.ProductContributionList>
    >();
    expectTypeOf<Main.ProductRegistryGroup>().toEqualTypeOf<
      Of<typeof Schemas.ProductRegistryGroup>
    >();
    expectTypeOf<Main.ProductRegistryItem>().toEqualTypeOf<
      Of<typeof Schemas.ProductRegistryItem>
    >();
    expectTypeOf<Main.ProductRegistryProduct>().toEqualTypeOf<
      Of<typeof Schemas.ProductRegistryProduct>
    >();
    expectTypeOf<Main.ProductWithLicenses>().toEqualTypeOf<
      Of<typeof Schemas.ProductWithLicenses>
    >();
    expectTypeOf<Main.ProductsWithLicenses>().toEqualTypeOf<
      Of<typeof Schemas.ProductsWithLicenses>
    >();
    expectTypeOf<Main.Project>().toEqualTypeOf<Of<typeof Schemas.Project>>();
    expectTypeOf<Main.ProjectStat>().toEqualTypeOf<Of<typeof Schemas.ProjectStat>>();
    expectTypeOf<Main.PullByCommitHashBody>().toEqualTypeOf<
      Of<typeof Schemas.PullByCommitHashBody>
    >();
    expectTypeOf<Main.ReceivedMessagesQuery>().toEqualTypeOf<
      Of<typeof Schemas.ReceivedMessagesQuery>
    >();
    expectTypeOf<Main.RemoteProject>().toEqualTypeOf<Of<typeof Schemas.RemoteProject>>();
    expectTypeOf<Main.RepoConnection>().toEqualTypeOf<Of<typeof Schemas.RepoConnection>>();
    expectTypeOf<Main.RepositoryDocument>().toEqualTypeOf<Of<typeof Schemas.RepositoryDocument>>();
    expectTypeOf<Main.RepositoryEntity>().toEqualTypeOf<Of<typeof Schemas.RepositoryEntity>>();
    expectTypeOf<Main.RepositoryPermission>().toEqualTypeOf<
      Of<typeof Schemas.RepositoryPermission>
    >();
    expectTypeOf<Main.Role>().toEqualTypeOf<Of<typeof Schemas.Role>>();
    expectTypeOf<Main.RunType>().toEqualTypeOf<Of<typeof Schemas.RunType>>();
    expectTypeOf<Main.Schedule>().toEqualTypeOf<Of<typeof Schemas.Schedule>>();
    expectTypeOf<Main.ScheduleBody>().toEqualTypeOf<Of<typeof Schemas.ScheduleBody>>();
    expectTypeOf<Main.ScheduleInterval>().toEqualTypeOf<Of<typeof Schemas.ScheduleInterval>>();
    expectTypeOf<Main.ScmActionResult>().toEqualTypeOf<Of<typeof Schemas.ScmActionResult>>();
    expectTypeOf<Main.ScmCommit>().toEqualTypeOf<Of<typeof Schemas.ScmCommit>>();
    expectTypeOf<Main.ScmCredential>().toEqualTypeOf<Of<typeof Schemas.ScmCredential>>();
    expectTypeOf<Main.ScmCredentialBody>().toEqualTypeOf<Of<typeof Schemas.ScmCredentialBody>>();
    expectTypeOf<Main.ScmDifference>().toEqualTypeOf<Of<typeof Schemas.ScmDifference>>();
    expectTypeOf<Main.ScmObjectState>().toEqualTypeOf<Of<typeof Schemas.ScmObjectState>>();
    expectTypeOf<Main.ScmObjectsBody>().toEqualTypeOf<Of<typeof Schemas.ScmObjectsBody>>();
    expectTypeOf<Main.ScmProvider>().toEqualTypeOf<Of<typeof Schemas.ScmProvider>>();
    expectTypeOf<Main.ShellConfig>().toEqualTypeOf<Of<typeof Schemas.ShellConfig>>();
    expectTypeOf<Main.SourceSpec>().toEqualTypeOf<Of<typeof Schemas.SourceSpec>>();
    expectTypeOf<Main.SupportedTarget>().toEqualTypeOf<Of<typeof Schemas.SupportedTarget>>();
    expectTypeOf<Main.Tag>().toEqualTypeOf<Of<typeof Schemas.Tag>>();
    expectTypeOf<Main.TagAssignmentBody>().toEqualTypeOf<Of<typeof Schemas.TagAssignmentBody>>();
    expectTypeOf<Main.Theme>().toEqualTypeOf<Of<typeof Schemas.Theme>>();
    expectTypeOf<Main.TimeZoneInfo>().toEqualTypeOf<Of<typeof Schemas.TimeZoneInfo>>();
    expectTypeOf<Main.TransferBody>().toEqualTypeOf<Of<typeof Schemas.TransferBody>>();
    expectTypeOf<Main.TrialUrl>().toEqualTypeOf<Of<typeof Schemas.TrialUrl>>();
    expectTypeOf<Main.UpdateAclBody>().toEqualTypeOf<Of<typeof Schemas.UpdateAclBody>>();
    expectTypeOf<Main.UpdateEntityBody>().toEqualTypeOf<Of<typeof Schemas.UpdateEntityBody>>();
    expectTypeOf<Main.UsageEvent>().toEqualTypeOf<Of<typeof Schemas.UsageEvent>>();
    expectTypeOf<Main.UsagePeriod>().toEqualTypeOf<Of<typeof Schemas.UsagePeriod>>();
    expectTypeOf<Main.UsageQuery>().toEqualTypeOf<Of<typeof Schemas.UsageQuery>>();
    expectTypeOf<Main.UsageRecord>().toEqualTypeOf<Of<typeof Schemas.UsageRecord>>();
    expectTypeOf<Main.UsageSummary>().toEqualTypeOf<Of<typeof Schemas.UsageSummary>>();
    expectTypeOf<Main.UserDeletion>().toEqualTypeOf<Of<typeof Schemas.UserDeletion>>();
    expectTypeOf<Main.UserDeletionResult>().toEqualTypeOf<Of<typeof Schemas.UserDeletionResult>>();
    expectTypeOf<Main.UserGroup>().toEqualTypeOf<Of<typeof Schemas.UserGroup>>();
    expectTypeOf<Main.UserPreference>().toEqualTypeOf<Of<typeof Schemas.UserPreference>>();
    expectTypeOf<Main.UserProductsInfo>().toEqualTypeOf<Of<typeof Schemas.UserProductsInfo>>();
    expectTypeOf<Main.UserProfile>().toEqualTypeOf<Of<typeof Schemas.UserProfile>>();
    expectTypeOf<Main.UserProfileUpdate>().toEqualTypeOf<Of<typeof Schemas.UserProfileUpdate>>();
    expectTypeOf<Main.UserSession>().toEqualTypeOf<Of<typeof Schemas.UserSession>>();
    expectTypeOf<Main.UserState>().toEqualTypeOf<Of<typeof Schemas.UserState>>();
    expectTypeOf<Main.UserUpdate>().toEqualTypeOf<Of<typeof Schemas.UserUpdate>>();
  });

  it('keep the shapes users had: ShellConfig, UserSession, Theme, ScheduleInterval, UserPreference', () => {
    expectTypeOf<Main.ShellConfig>().toEqualTypeOf<{
      readonly serviceUrls: { readonly [key: string]: string };
      readonly identityHomePath: string;
      readonly identityLogoutPath: string;
      readonly saasBaseURL?: string;
    }>();
    expectTypeOf<Main.UserSession>().toEqualTypeOf<{
      readonly id: string;
      readonly userName: string;
      readonly displayName: string;
      readonly orgId: string;
      readonly currentOrgId: string;
      readonly parentOrgId: string;
      readonly effectivePrivileges: readonly string[];
      readonly locale?: string;
    }>();
    expectTypeOf<Main.Theme>().toEqualTypeOf<{
      readonly id: string;
      readonly name: string;
      readonly value: string;
      readonly orgId: string | null;
    }>();
    expectTypeOf<Main.ScheduleInterval>().toEqualTypeOf<
      'NONE' | 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY'
    >();
    expectTypeOf<Main.UserPreference>().toEqualTypeOf<{
      readonly fullyQualifiedName: string;
      readonly value: string;
    }>();
  });

  it('ODataCollection<T>: a read-only list of T and the optional count', () => {
    expectTypeOf<Main.ODataCollection<Main.Tag>>().toEqualTypeOf<{
      readonly value: readonly Main.Tag[];
      readonly '@odata.count'?: number;
    }>();
  });

  it('the entities are types only in the main entry: no schema object is reachable from it', () => {
    // @ts-expect-error `Theme` is exported as a type: its runtime schema lives in `/schemas`
    const schema: unknown = Main.Theme;
    expectTypeOf(schema).toBeUnknown();
  });
});
