import {
  type CurrentUserInfo,
  type IdentityConfigInfo,
  type IdentityUser,
  type ODataCollection,
  type ODataQuery,
  type Organisation,
  type PendingVerification,
  type Role,
  type TimeZoneInfo,
  type UserGroup,
  type UserProfile,
  type UserProfileUpdate,
  type UserUpdate,
  identityEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The identity service: profile, directory (organisations, users, groups, roles), verification. */
export interface IdentityService {
  /** The signed-in user's profile (`GET UserProfile`). */
  getUserProfile(options?: CallOptions): Promise<UserProfile>;
  /** Changes only the given fields of the signed-in user's profile (`PATCH UserProfile`). */
  updateUserProfile(changes: UserProfileUpdate, options?: CallOptions): Promise<UserProfile>;
  /** Who is signed in, their organisation, privileges and role names (`GET CurrentUserInfo`). */
  getCurrentUserInfo(options?: CallOptions): Promise<CurrentUserInfo>;
  /**
   * An organisation (`GET Orgs({id})`); `withAttributes: true` asks for `$expand=attributes`.
   * Default: without attributes.
   */
  getOrg(
    orgId: string,
    options?: CallOptions & { withAttributes?: boolean },
  ): Promise<Organisation>;
  /** The organisation's users, with OData options (`$filter`, `$orderby`, `$top`, `$skip`, `$count`). */
  getOrgUsers(
    orgId: string,
    query?: ODataQuery,
    options?: CallOptions,
  ): Promise<ODataCollection<IdentityUser>>;
  /** The organisation's groups, with OData options. */
  getOrgGroups(
    orgId: string,
    query?: ODataQuery,
    options?: CallOptions,
  ): Promise<ODataCollection<UserGroup>>;
  /** The organisation's roles, with OData options. */
  getOrgRoles(
    orgId: string,
    query?: ODataQuery,
    options?: CallOptions,
  ): Promise<ODataCollection<Role>>;
  /** One user (`GET Users({id})`). */
  getUser(userId: string, options?: CallOptions): Promise<IdentityUser>;
  /** Changes only the given fields of a user (`PATCH Users({id})`); administrators only. */
  updateUser(userId: string, changes: UserUpdate, options?: CallOptions): Promise<IdentityUser>;
  /** One group (`GET Groups({id})`). */
  getGroup(groupId: string, options?: CallOptions): Promise<UserGroup>;
  /** One role (`GET Roles({id})`). */
  getRole(roleId: string, options?: CallOptions): Promise<Role>;
  /** The time zones a profile may use (`GET TimeZone`). */
  getTimeZones(options?: CallOptions): Promise<readonly TimeZoneInfo[]>;
  /** Identity settings: idle time-out, keep-alive interval, verification rules (`GET configInfo`). */
  getConfigInfo(options?: CallOptions): Promise<IdentityConfigInfo>;
  /**
   * Sends the signed-in user a verification email (`POST Users/InitEmailVerification`).
   * `triggerOnly: true` sends again for the current or pending address; `false` (the default)
   * starts verifying `email` as a new address.
   */
  initEmailVerification(
    email: string,
    options?: CallOptions & { triggerOnly?: boolean },
  ): Promise<PendingVerification>;
  /** Starts verifying an address for another user; administrators only (PC-6.8). */
  initEmailVerificationForUser(
    userId: string,
    email: string,
    options?: CallOptions,
  ): Promise<PendingVerification>;
  /** The signed-in user's pending verification, if any (`GET Users/PendingVerification`). */
  getPendingVerification(options?: CallOptions): Promise<PendingVerification>;
  /** Another user's pending verification; administrators only. */
  getPendingVerificationForUser(
    userId: string,
    options?: CallOptions,
  ): Promise<PendingVerification>;
}

export function identityService(binder: Binder): IdentityService {
  const i = identityEndpoints;
  const call = {
    getUserProfile: binder.bind(i.getUserProfile),
    updateUserProfile: binder.bind(i.updateUserProfile),
    getCurrentUserInfo: binder.bind(i.getCurrentUserInfo),
    getOrg: binder.bind(i.getOrg),
    getOrgUsers: binder.bind(i.getOrgUsers),
    getOrgGroups: binder.bind(i.getOrgGroups),
    getOrgRoles: binder.bind(i.getOrgRoles),
    getUser: binder.bind(i.getUser),
    updateUser: binder.bind(i.updateUser),
    getGroup: binder.bind(i.getGroup),
    getRole: binder.bind(i.getRole),
    getTimeZones: binder.bind(i.getTimeZones),
    getConfigInfo: binder.bind(i.getConfigInfo),
    initEmailVerification: binder.bind(i.initEmailVerification),
    initEmailVerificationForUser: binder.bind(i.initEmailVerificationForUser),
    getPendingVerification: binder.bind(i.getPendingVerification),
    getPendingVerificationForUser: binder.bind(i.getPendingVerificationForUser),
  };
  return {
    getUserProfile: (options = {}) => call.getUserProfile(options),
    updateUserProfile: (body, options = {}) => call.updateUserProfile({ body, ...options }),
    getCurrentUserInfo: (options = {}) => call.getCurrentUserInfo(options),
    getOrg: (orgId, { withAttributes = false, signal } = {}) =>
      call.getOrg({
        params: { orgId },
        query: withAttributes ? { $expand: 'attributes' } : {},
        signal,
      }),
    getOrgUsers: (orgId, query = {}, options = {}) =>
      call.getOrgUsers({ params: { orgId }, query, ...options }),
    getOrgGroups: (orgId, query = {}, options = {}) =>
      call.getOrgGroups({ params: { orgId }, query, ...options }),
    getOrgRoles: (orgId, query = {}, options = {}) =>
      call.getOrgRoles({ params: { orgId }, query, ...options }),
    getUser: (userId, options = {}) => call.getUser({ params: { userId }, ...options }),
    updateUser: (userId, body, options = {}) =>
      call.updateUser({ params: { userId }, body, ...options }),
    getGroup: (groupId, options = {}) => call.getGroup({ params: { groupId }, ...options }),
    getRole: (roleId, options = {}) => call.getRole({ params: { roleId }, ...options }),
    getTimeZones: async (options = {}) => (await call.getTimeZones(options)).value,
    getConfigInfo: (options = {}) => call.getConfigInfo(options),
    initEmailVerification: (email, { triggerOnly = false, signal } = {}) =>
      call.initEmailVerification({ query: { triggerOnly }, body: { email }, signal }),
    initEmailVerificationForUser: (userId, email, options = {}) =>
      call.initEmailVerificationForUser({ body: { email, userId }, ...options }),
    getPendingVerification: (options = {}) => call.getPendingVerification(options),
    getPendingVerificationForUser: (userId, options = {}) =>
      call.getPendingVerificationForUser({ params: { userId }, ...options }),
  };
}
