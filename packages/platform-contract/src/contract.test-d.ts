import { describe, expectTypeOf, it } from 'vitest';
import type {
  authEndpoints,
  brandingEndpoints,
  bundlesEndpoints,
  identityEndpoints,
  licenceEndpoints,
  meteringEndpoints,
  notificationSettingsEndpoints,
  preferencesEndpoints,
  repositoryEndpoints,
  schedulesEndpoints,
  sessionEndpoints,
  sourceControlEndpoints,
  tokenEndpoints,
  usersEndpoints,
} from './index.ts';
import {
  migrationEndpoints,
  type Bundle,
  type BundleDefinitionBody,
  type CreateContainerBody,
  type IdentityUser,
  type JwtTokenQuery,
  type JwtTokenResponse,
  type LicenseViews,
  type NewTheme,
  type NotificationSettings,
  type ODataCollection,
  type Project,
  type RepositoryEntity,
  type Schedule,
  type ScheduleBody,
  type ScmCredential,
  type ScmCredentialBody,
  type Theme,
  type UsageQuery,
  type UsageRecord,
  type UserDeletion,
  type UserDeletionResult,
  type UserPreference,
  type UserUpdate,
} from './index.ts';
import type { BodyOf, None, ParamsOf, QueryOf, ResponseOf } from './endpoint.ts';

// Type tests of the contract (issue 11): each endpoint's declaration carries the path keys,
// query, body and answer types derived from its runtime schemas. A sample of every service;
// the `@ts-expect-error` lines are uses that must not compile.

describe('the types an endpoint declaration carries', () => {
  it('identity.updateUser: path key userId, no query, a UserUpdate body, an IdentityUser answer', () => {
    type E = typeof identityEndpoints.updateUser;
    expectTypeOf<ParamsOf<E>>().toEqualTypeOf<{ readonly userId: string }>();
    expectTypeOf<QueryOf<E>>().toEqualTypeOf<None>();
    expectTypeOf<BodyOf<E>>().toEqualTypeOf<UserUpdate>();
    expectTypeOf<ResponseOf<E>>().toEqualTypeOf<IdentityUser>();
    // @ts-expect-error a user's key is `userId`, not `id`
    const wrongKey: ParamsOf<E> = { id: 'usr-1' };
    // @ts-expect-error a path key is text
    const numericKey: ParamsOf<E> = { userId: 7 };
    expectTypeOf([wrongKey, numericKey]).not.toBeNever();
  });

  it('repository: createProject takes a CreateContainerBody and answers a Project; getDocument takes an id and $expand', () => {
    type Create = typeof repositoryEndpoints.createProject;
    expectTypeOf<ParamsOf<Create>>().toEqualTypeOf<None>();
    expectTypeOf<BodyOf<Create>>().toEqualTypeOf<CreateContainerBody>();
    expectTypeOf<ResponseOf<Create>>().toEqualTypeOf<Project>();
    type Get = typeof repositoryEndpoints.getDocument;
    expectTypeOf<ParamsOf<Get>>().toEqualTypeOf<{ readonly id: string }>();
    expectTypeOf<QueryOf<Get>>().toHaveProperty('$expand');
    expectTypeOf<ResponseOf<Get>>().toEqualTypeOf<RepositoryEntity>();
    // @ts-expect-error a project needs a name
    const nameless: BodyOf<Create> = { description: 'no name' };
    expectTypeOf(nameless).not.toBeNever();
  });

  it('bundles.createBundleDefinition: a BundleDefinitionBody in, a Bundle out', () => {
    type E = typeof bundlesEndpoints.createBundleDefinition;
    expectTypeOf<BodyOf<E>>().toEqualTypeOf<BundleDefinitionBody>();
    expectTypeOf<ResponseOf<E>>().toEqualTypeOf<Bundle>();
  });

  it('migration.getExportPackage: a path key and a binary answer declared as a blob', () => {
    type E = typeof migrationEndpoints.getExportPackage;
    expectTypeOf<ParamsOf<E>>().toEqualTypeOf<{ readonly id: string }>();
    expectTypeOf(migrationEndpoints.getExportPackage.responseType).toEqualTypeOf<
      'blob' | undefined
    >();
  });

  it('schedules.createSchedule and sourceControl.saveUserCredential: their bodies and answers', () => {
    expectTypeOf<BodyOf<typeof schedulesEndpoints.createSchedule>>().toEqualTypeOf<ScheduleBody>();
    expectTypeOf<ResponseOf<typeof schedulesEndpoints.createSchedule>>().toEqualTypeOf<Schedule>();
    type Save = typeof sourceControlEndpoints.saveUserCredential;
    expectTypeOf<BodyOf<Save>>().toEqualTypeOf<ScmCredentialBody>();
    expectTypeOf<ResponseOf<Save>>().toEqualTypeOf<ScmCredential>();
  });

  it('notificationSettings.updateSettings, users.deleteUsers, metering.getUsage: bodies, query, answers', () => {
    type Update = typeof notificationSettingsEndpoints.updateSettings;
    expectTypeOf<BodyOf<Update>>().toEqualTypeOf<NotificationSettings>();
    expectTypeOf<ResponseOf<Update>>().toEqualTypeOf<NotificationSettings>();
    type Delete = typeof usersEndpoints.deleteUsers;
    expectTypeOf<BodyOf<Delete>>().toEqualTypeOf<UserDeletion>();
    expectTypeOf<ResponseOf<Delete>>().toEqualTypeOf<UserDeletionResult>();
    type Usage = typeof meteringEndpoints.getUsage;
    expectTypeOf<QueryOf<Usage>>().toEqualTypeOf<UsageQuery>();
    expectTypeOf<ResponseOf<Usage>>().toEqualTypeOf<ODataCollection<UsageRecord>>();
  });

  it('token.getToken, branding.createTheme, licence.getViews, preferences.createUserPreference', () => {
    type Token = typeof tokenEndpoints.getToken;
    expectTypeOf<QueryOf<Token>>().toEqualTypeOf<JwtTokenQuery>();
    expectTypeOf<ResponseOf<Token>>().toEqualTypeOf<JwtTokenResponse>();
    expectTypeOf<BodyOf<typeof brandingEndpoints.createTheme>>().toEqualTypeOf<NewTheme>();
    expectTypeOf<ResponseOf<typeof brandingEndpoints.createTheme>>().toEqualTypeOf<Theme>();
    expectTypeOf<ResponseOf<typeof licenceEndpoints.getViews>>().toEqualTypeOf<LicenseViews>();
    type Pref = typeof preferencesEndpoints.createUserPreference;
    expectTypeOf<ParamsOf<Pref>>().toEqualTypeOf<{ readonly userId: string }>();
    expectTypeOf<BodyOf<Pref>>().toEqualTypeOf<UserPreference>();
  });

  it('session.logout and auth.selectOrg: parts they do not take are None, no answer is void', () => {
    type Logout = typeof sessionEndpoints.logout;
    expectTypeOf<ParamsOf<Logout>>().toEqualTypeOf<None>();
    expectTypeOf<BodyOf<Logout>>().toEqualTypeOf<None>();
    expectTypeOf<ResponseOf<Logout>>().toBeVoid();
    type Select = typeof authEndpoints.selectOrg;
    expectTypeOf<BodyOf<Select>>().toEqualTypeOf<{ readonly orgId: string }>();
    // @ts-expect-error None cannot be built from a plain object: a part the endpoint does not take
    const body: BodyOf<Logout> = {};
    expectTypeOf(body).not.toBeNever();
  });
});
