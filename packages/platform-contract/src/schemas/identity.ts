/** Entities of the identity service (spec: platform-client.md §3 and §7 'Identity'). */
import { email, key, keys, list, localeTag, personName, storable, timeZone } from './primitives.ts';
import { Type } from '@sinclair/typebox';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** Lifecycle state of a user account. */
export const UserState = Type.Union([Type.Literal('ACTIVE'), Type.Literal('DISABLED')], {
  description: about.UserState,
});
export type UserState = Of<typeof UserState>;

/** A user as the identity service returns it (`Users({id})`, `Orgs({id})/Users`). */
export const IdentityUser = Type.Object(
  {
    id: storable(),
    orgId: storable(),
    userName: storable(),
    firstName: storable(),
    lastName: storable(),
    displayName: storable(),
    email: storable(),
    emailVerified: Type.Boolean(),
    state: UserState,
    timeZone: storable({ description: 'IANA zone id, e.g. `Europe/Berlin`.' }),
    roleIds: Type.Array(storable()),
  },
  {
    additionalProperties: false,
    description: about.IdentityUser,
  },
);
export type IdentityUser = Of<typeof IdentityUser>;

/** The fields of a user that `PATCH Users({id})` may change; absent fields are kept. */
export const UserUpdate = Type.Object(
  {
    firstName: Type.Optional(personName()),
    lastName: Type.Optional(personName()),
    displayName: Type.Optional(personName()),
    email: Type.Optional(email()),
    timeZone: Type.Optional(timeZone()),
    state: Type.Optional(UserState),
    roleIds: Type.Optional(
      list(key(), 50, {
        uniqueItems: true,
        description: "Replaces the user's roles (ids of the organisation's roles).",
      }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: about.UserUpdate,
  },
);
export type UserUpdate = Of<typeof UserUpdate>;

/** The signed-in user's own profile (`UserProfile`). */
export const UserProfile = Type.Object(
  {
    id: storable(),
    orgId: storable(),
    userName: storable(),
    firstName: storable(),
    lastName: storable(),
    displayName: storable(),
    email: storable(),
    emailVerified: Type.Boolean(),
    timeZone: storable(),
    phone: Type.Union([storable(), Type.Null()]),
    title: Type.Union([storable(), Type.Null()]),
    locale: Type.Union([storable(), Type.Null()], {
      description: "BCP 47 tag, or `null` for the browser's language.",
    }),
  },
  { additionalProperties: false, description: about.UserProfile },
);
export type UserProfile = Of<typeof UserProfile>;

/** The fields of the profile that `PATCH UserProfile` may change; absent fields are kept. */
export const UserProfileUpdate = Type.Object(
  {
    firstName: Type.Optional(personName()),
    lastName: Type.Optional(personName()),
    displayName: Type.Optional(personName()),
    timeZone: Type.Optional(timeZone()),
    phone: Type.Optional(
      Type.Union([storable({ maxLength: 40, pattern: '^[+0-9 ()./-]*$' }), Type.Null()]),
    ),
    title: Type.Optional(Type.Union([storable({ maxLength: 100 }), Type.Null()])),
    locale: Type.Optional(Type.Union([localeTag(), Type.Null()])),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: about.UserProfileUpdate,
  },
);
export type UserProfileUpdate = Of<typeof UserProfileUpdate>;

/** `CurrentUserInfo`: who is signed in, in which organisation, with which privileges. */
export const CurrentUserInfo = Type.Object(
  {
    userId: storable(),
    userName: storable(),
    displayName: storable(),
    orgId: storable(),
    orgName: storable(),
    currentOrgId: storable(),
    parentOrgId: storable(),
    isSubOrg: Type.Boolean({
      description:
        '`true` when the organisation is a sub-organisation (its parent differs from itself).',
    }),
    privileges: Type.Array(storable()),
    roleNames: Type.Array(storable()),
  },
  {
    additionalProperties: false,
    description: about.CurrentUserInfo,
  },
);
export type CurrentUserInfo = Of<typeof CurrentUserInfo>;

/** A name/value attribute of an organisation (`Orgs({id})?$expand=attributes`). */
export const OrgAttribute = Type.Object(
  { name: storable(), value: storable() },
  {
    additionalProperties: false,
    description: about.OrgAttribute,
  },
);
export type OrgAttribute = Of<typeof OrgAttribute>;

/** An organisation. `attributes` is present only when `$expand=attributes` was asked for. */
export const Organisation = Type.Object(
  {
    id: storable(),
    name: storable(),
    parentOrgId: storable({ description: 'Equals `id` for a top-level organisation (PC-6.7).' }),
    attributes: Type.Optional(Type.Array(OrgAttribute)),
  },
  {
    additionalProperties: false,
    description: about.Organisation,
  },
);
export type Organisation = Of<typeof Organisation>;

/** A group of users of one organisation. */
export const UserGroup = Type.Object(
  {
    id: storable(),
    orgId: storable(),
    name: storable(),
    description: storable(),
    memberIds: Type.Array(storable()),
  },
  { additionalProperties: false, description: about.UserGroup },
);
export type UserGroup = Of<typeof UserGroup>;

/** A role: a named set of privileges of one organisation. */
export const Role = Type.Object(
  {
    id: storable(),
    orgId: storable(),
    name: storable(),
    description: storable(),
    privileges: Type.Array(storable()),
  },
  {
    additionalProperties: false,
    description: about.Role,
  },
);
export type Role = Of<typeof Role>;

/** One time zone the platform offers (`TimeZone`). */
export const TimeZoneInfo = Type.Object(
  {
    id: storable({ description: 'IANA zone id.' }),
    displayName: storable(),
    offsetMinutes: Type.Number({
      description: 'Offset from UTC in minutes, without daylight saving.',
    }),
  },
  { additionalProperties: false, description: about.TimeZoneInfo },
);
export type TimeZoneInfo = Of<typeof TimeZoneInfo>;

/** `configInfo`: identity settings the client needs. */
export const IdentityConfigInfo = Type.Object(
  {
    sessionIdleTimeoutSeconds: Type.Number({
      description: 'Idle time before logout, in seconds (PC-9: default 1800).',
    }),
    keepAlivePingIntervalSeconds: Type.Number({
      description: 'Interval of the keep-alive ping, in seconds (PC-9: default 600).',
    }),
    emailVerificationRequired: Type.Boolean({
      description: 'Whether a changed email address must be verified before it is used.',
    }),
    passwordMinLength: Type.Number(),
  },
  { additionalProperties: false, description: about.IdentityConfigInfo },
);
export type IdentityConfigInfo = Of<typeof IdentityConfigInfo>;

/** Body of the email verification calls for oneself. */
export const EmailVerificationRequest = Type.Object(
  { email: email() },
  { additionalProperties: false, description: about.EmailVerificationRequest },
);
export type EmailVerificationRequest = Of<typeof EmailVerificationRequest>;

/** Body of the email verification call an administrator makes for another user (PC-6.8). */
export const EmailVerificationForUserRequest = Type.Object(
  { email: email(), userId: key() },
  {
    additionalProperties: false,
    description: about.EmailVerificationForUserRequest,
  },
);
export type EmailVerificationForUserRequest = Of<typeof EmailVerificationForUserRequest>;

/** Whether a user has an email verification pending, and for which address. */
export const PendingVerification = Type.Object(
  {
    userId: storable(),
    pending: Type.Boolean(),
    email: Type.Optional(
      storable({ description: 'The address being verified; absent when nothing is pending.' }),
    ),
    requestedAt: Type.Optional(
      storable({ description: 'ISO 8601 time of the latest verification email.' }),
    ),
    sentCount: Type.Optional(
      Type.Number({ description: 'How many verification emails were sent for this address.' }),
    ),
  },
  {
    additionalProperties: false,
    description: about.PendingVerification,
  },
);
export type PendingVerification = Of<typeof PendingVerification>;

/** Body of `users/add` on the management service. */
export const NewUser = Type.Object(
  {
    userName: email({ minLength: 3 }),
    firstName: personName(),
    lastName: personName(),
    email: email(),
    orgId: Type.Optional(key({ description: "Default: the administrator's organisation." })),
    timeZone: Type.Optional(
      timeZone({ description: 'A time zone of `GET TimeZone`; default: `UTC`.' }),
    ),
    roleIds: Type.Optional(list(key(), 50, { uniqueItems: true, description: 'Default: none.' })),
  },
  { additionalProperties: false, description: about.NewUser },
);
export type NewUser = Of<typeof NewUser>;

/** Body of `users/delete` on the management service: all of them are deleted, or none. */
export const UserDeletion = Type.Object(
  { userIds: keys(100, { uniqueItems: true }) },
  {
    additionalProperties: false,
    description: about.UserDeletion,
  },
);
export type UserDeletion = Of<typeof UserDeletion>;

/** Answer of `users/delete`. */
export const UserDeletionResult = Type.Object(
  { deletedIds: Type.Array(storable()) },
  { additionalProperties: false, description: about.UserDeletionResult },
);
export type UserDeletionResult = Of<typeof UserDeletionResult>;
