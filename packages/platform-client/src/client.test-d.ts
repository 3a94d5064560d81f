import type {
  identityEndpoints,
  repositoryEndpoints,
  sessionEndpoints,
} from '@ics/platform-contract';
import {
  type Bundle,
  type IdentityUser,
  type NotificationSettings,
  type ODataCollection,
  type Project,
  type RepositoryEntity,
  type UsageRecord,
  type UserDeletionResult,
} from '@ics/platform-contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { CallArgs } from './http/bind.ts';
import type { CallOptions, PlatformClient } from './index.ts';

// Type tests of the client's call signatures (issue 11): what each service method takes and
// answers, derived from the contract, for a sample of every service; the `@ts-expect-error`
// lines are calls that must not compile.

declare const client: PlatformClient;

describe("the client's call signatures", () => {
  it('identity: getUser takes a user key and answers an IdentityUser; a number or a missing key does not compile', () => {
    expectTypeOf(client.identity.getUser).parameters.toEqualTypeOf<
      [userId: string, options?: CallOptions]
    >();
    expectTypeOf(client.identity.getUser).returns.resolves.toEqualTypeOf<IdentityUser>();
    // @ts-expect-error a user key is text
    void client.identity.getUser(42);
    // @ts-expect-error the key is required
    void client.identity.getUser();
    // @ts-expect-error a profile change names only fields of UserProfileUpdate
    void client.identity.updateUserProfile({ favouriteColour: 'red' });
  });

  it('repository: createProject answers a Project, getDocument takes only the expand options the contract allows', () => {
    expectTypeOf(client.repository.createProject).returns.resolves.toEqualTypeOf<Project>();
    expectTypeOf(client.repository.getDocument).returns.resolves.toEqualTypeOf<RepositoryEntity>();
    void client.repository.getDocument('doc-1', ['nativeData', 'refs']);
    // @ts-expect-error `$expand` allows nativeData and refs only
    void client.repository.getDocument('doc-1', ['acl']);
  });

  it('bundles, users, metering, notificationSettings: answers typed from the contract; wrong inputs do not compile', () => {
    expectTypeOf(client.bundles.getBundle).returns.resolves.toEqualTypeOf<Bundle>();
    expectTypeOf(client.users.deleteUsers).returns.resolves.toEqualTypeOf<UserDeletionResult>();
    // @ts-expect-error users are deleted by a list of keys
    void client.users.deleteUsers('usr-1');
    expectTypeOf(client.metering.getUsage).returns.resolves.toEqualTypeOf<
      ODataCollection<UsageRecord>
    >();
    // @ts-expect-error `$top` is a number
    void client.metering.getUsage({ $top: 'ten' });
    expectTypeOf(
      client.notificationSettings.get,
    ).returns.resolves.toEqualTypeOf<NotificationSettings>();
    // @ts-expect-error a digest is one of the contract's values
    void client.notificationSettings.update({ email: true, inApp: true, digest: 'HOURLY' });
  });

  it('a bound call takes exactly the parts its endpoint declares: path keys, query, body', () => {
    type GetUser = CallArgs<typeof identityEndpoints.getUser>;
    expectTypeOf<{ params: { userId: string } }>().toExtend<GetUser>();
    // @ts-expect-error the path key is missing
    const noKey: GetUser = {};
    // @ts-expect-error getUser takes no body
    const withBody: GetUser = { params: { userId: 'u' }, body: {} };
    type Create = CallArgs<typeof repositoryEndpoints.createProject>;
    expectTypeOf<{ body: { name: string } }>().toExtend<Create>();
    // @ts-expect-error createProject has no path keys
    const withKey: Create = { params: { id: 'p' }, body: { name: 'P' } };
    type Logout = CallArgs<typeof sessionEndpoints.logout>;
    expectTypeOf<{ signal: AbortSignal }>().toExtend<Logout>();
    expectTypeOf([noKey, withBody, withKey]).not.toBeNever();
  });
});
