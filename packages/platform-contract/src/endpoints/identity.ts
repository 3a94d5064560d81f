import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type {
  CurrentUserInfo,
  EmailVerificationForUserRequest,
  EmailVerificationRequest,
  IdentityConfigInfo,
  IdentityUser,
  Organisation,
  PendingVerification,
  Role,
  TimeZoneInfo,
  UserGroup,
  UserProfile,
  UserProfileUpdate,
  UserUpdate,
} from '../entities/identity.ts';
import type { ODataQuery } from '../entities/odata.ts';

type OrgKey = { orgId: string };

/** Identity calls of spec §7, except the token and login flows (see the session group). */
export const identityEndpoints = {
  /** The signed-in user's profile. */
  getUserProfile: endpoint<None, None, None, UserProfile>()({
    backend: 'identity',
    method: 'GET',
    path: '/UserProfile',
  }),
  /** Changes the given fields of the signed-in user's profile. */
  updateUserProfile: endpoint<None, None, UserProfileUpdate, UserProfile>()({
    backend: 'identity',
    method: 'PATCH',
    path: '/UserProfile',
  }),
  getCurrentUserInfo: endpoint<None, None, None, CurrentUserInfo>()({
    backend: 'identity',
    method: 'GET',
    path: '/CurrentUserInfo',
  }),
  /** An organisation; `$expand=attributes` adds its attributes. */
  getOrg: endpoint<OrgKey, { $expand?: 'attributes' }, None, Organisation>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})',
  }),
  getOrgUsers: endpoint<OrgKey, ODataQuery, None, ODataCollection<IdentityUser>>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Users',
  }),
  getOrgGroups: endpoint<OrgKey, ODataQuery, None, ODataCollection<UserGroup>>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Groups',
  }),
  getOrgRoles: endpoint<OrgKey, ODataQuery, None, ODataCollection<Role>>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Roles',
  }),
  getUser: endpoint<{ userId: string }, None, None, IdentityUser>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users({userId})',
  }),
  /** Changes the given fields of a user; administrators only (PC-6.8). */
  updateUser: endpoint<{ userId: string }, None, UserUpdate, IdentityUser>()({
    backend: 'identity',
    method: 'PATCH',
    path: '/Users({userId})',
  }),
  getGroup: endpoint<{ groupId: string }, None, None, UserGroup>()({
    backend: 'identity',
    method: 'GET',
    path: '/Groups({groupId})',
  }),
  getRole: endpoint<{ roleId: string }, None, None, Role>()({
    backend: 'identity',
    method: 'GET',
    path: '/Roles({roleId})',
  }),
  getTimeZones: endpoint<None, None, None, ODataCollection<TimeZoneInfo>>()({
    backend: 'identity',
    method: 'GET',
    path: '/TimeZone',
  }),
  getConfigInfo: endpoint<None, None, None, IdentityConfigInfo>()({
    backend: 'identity',
    method: 'GET',
    path: '/configInfo',
  }),
  /**
   * Sends a verification email to the signed-in user. `triggerOnly: true` re-sends it for the
   * current or pending address; `false` starts verifying a new address.
   */
  initEmailVerification: endpoint<
    None,
    { triggerOnly: boolean },
    EmailVerificationRequest,
    PendingVerification
  >()({
    backend: 'identity',
    method: 'POST',
    path: '/Users/InitEmailVerification',
  }),
  /** Starts verifying an address for another user; administrators only (PC-6.8). */
  initEmailVerificationForUser: endpoint<
    None,
    None,
    EmailVerificationForUserRequest,
    PendingVerification
  >()({
    backend: 'identity',
    method: 'POST',
    path: '/Users/InitEmailVerificationForUser',
  }),
  getPendingVerification: endpoint<None, None, None, PendingVerification>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users/PendingVerification',
  }),
  getPendingVerificationForUser: endpoint<{ userId: string }, None, None, PendingVerification>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users/PendingVerificationForUser/{userId}',
  }),
};
