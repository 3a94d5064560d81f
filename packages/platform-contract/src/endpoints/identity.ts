import { endpoint } from '../endpoint.ts';
import type { identity as S } from '../schemas/endpoints/identity.ts';

/** Identity calls of spec §7, except the token and login flows (see the session group). */
export const identityEndpoints = {
  /** The signed-in user's profile. */
  getUserProfile: endpoint<typeof S.getUserProfile>()({
    backend: 'identity',
    method: 'GET',
    path: '/UserProfile',
  }),
  /** Changes the given fields of the signed-in user's profile. */
  updateUserProfile: endpoint<typeof S.updateUserProfile>()({
    backend: 'identity',
    method: 'PATCH',
    path: '/UserProfile',
  }),
  getCurrentUserInfo: endpoint<typeof S.getCurrentUserInfo>()({
    backend: 'identity',
    method: 'GET',
    path: '/CurrentUserInfo',
  }),
  /** An organisation; `$expand=attributes` adds its attributes. */
  getOrg: endpoint<typeof S.getOrg>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})',
    access: 'org',
  }),
  getOrgUsers: endpoint<typeof S.getOrgUsers>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Users',
    access: 'org',
  }),
  getOrgGroups: endpoint<typeof S.getOrgGroups>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Groups',
    access: 'org',
  }),
  getOrgRoles: endpoint<typeof S.getOrgRoles>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Roles',
    access: 'org',
  }),
  getUser: endpoint<typeof S.getUser>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users({userId})',
    access: 'org',
  }),
  /** Changes the given fields of a user; administrators only (PC-6.8). */
  updateUser: endpoint<typeof S.updateUser>()({
    backend: 'identity',
    method: 'PATCH',
    path: '/Users({userId})',
    access: 'admin',
  }),
  getGroup: endpoint<typeof S.getGroup>()({
    backend: 'identity',
    method: 'GET',
    path: '/Groups({groupId})',
    access: 'org',
  }),
  getRole: endpoint<typeof S.getRole>()({
    backend: 'identity',
    method: 'GET',
    path: '/Roles({roleId})',
    access: 'org',
  }),
  getTimeZones: endpoint<typeof S.getTimeZones>()({
    backend: 'identity',
    method: 'GET',
    path: '/TimeZone',
  }),
  getConfigInfo: endpoint<typeof S.getConfigInfo>()({
    backend: 'identity',
    method: 'GET',
    path: '/configInfo',
  }),
  /**
   * Sends a verification email to the signed-in user. `triggerOnly: true` re-sends it for the
   * current or pending address; `false` starts verifying a new address.
   */
  initEmailVerification: endpoint<typeof S.initEmailVerification>()({
    backend: 'identity',
    method: 'POST',
    path: '/Users/InitEmailVerification',
  }),
  /** Starts verifying an address for another user; administrators only (PC-6.8). */
  initEmailVerificationForUser: endpoint<typeof S.initEmailVerificationForUser>()({
    backend: 'identity',
    method: 'POST',
    path: '/Users/InitEmailVerificationForUser',
    access: 'admin',
  }),
  getPendingVerification: endpoint<typeof S.getPendingVerification>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users/PendingVerification',
  }),
  getPendingVerificationForUser: endpoint<typeof S.getPendingVerificationForUser>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users/PendingVerificationForUser/{userId}',
    access: 'self-or-admin',
  }),
};
