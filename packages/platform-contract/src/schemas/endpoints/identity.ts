import { key } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import {
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
} from '../identity.ts';
import { odataQuery } from '../odata.ts';

/** What `$filter` and `$orderby` may name of a user: its fields but the organisation and roles. */
const userFields = Object.keys(IdentityUser.properties).filter(
  (field) => field !== 'orgId' && field !== 'roleIds',
);
/** … of a group or a role. */
const namedFields = ['id', 'name', 'description'];
import { ODataCollection } from '../common.ts';

const OrgKey = Type.Object({ orgId: key() }, closed);

/** Inputs and answers of the identity endpoints. */
export const identity = {
  getUserProfile: { response: UserProfile },
  updateUserProfile: {
    body: UserProfileUpdate,
    response: UserProfile,
  },
  getCurrentUserInfo: { response: CurrentUserInfo },
  getOrg: {
    params: OrgKey,
    query: Type.Object({ $expand: Type.Optional(Type.Literal('attributes')) }, closed),
    response: Organisation,
  },
  getOrgUsers: {
    params: OrgKey,
    query: odataQuery(userFields),
    response: ODataCollection(IdentityUser),
  },
  getOrgGroups: {
    params: OrgKey,
    query: odataQuery(namedFields),
    response: ODataCollection(UserGroup),
  },
  getOrgRoles: { params: OrgKey, query: odataQuery(namedFields), response: ODataCollection(Role) },
  getUser: { params: Type.Object({ userId: key() }, closed), response: IdentityUser },
  updateUser: {
    params: Type.Object({ userId: key() }, closed),
    body: UserUpdate,
    response: IdentityUser,
  },
  getGroup: { params: Type.Object({ groupId: key() }, closed), response: UserGroup },
  getRole: { params: Type.Object({ roleId: key() }, closed), response: Role },
  getTimeZones: { response: ODataCollection(TimeZoneInfo) },
  getConfigInfo: { response: IdentityConfigInfo },
  initEmailVerification: {
    query: Type.Object({ triggerOnly: Type.Boolean() }, closed),
    body: EmailVerificationRequest,
    response: PendingVerification,
  },
  initEmailVerificationForUser: {
    body: EmailVerificationForUserRequest,
    response: PendingVerification,
  },
  getPendingVerification: { response: PendingVerification },
  getPendingVerificationForUser: {
    params: Type.Object({ userId: key() }, closed),
    response: PendingVerification,
  },
} satisfies Record<string, EndpointSchemas>;
