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
    /** The user's id. */
    id: storable(),
    /** Id of the organisation the user belongs to. */
    orgId: storable(),
    /** The name the user signs in with (often an email address); unique on the platform. */
    userName: storable(),
    /** Given name. */
    firstName: storable(),
    /** Family name. */
    lastName: storable(),
    /** The name shown for the user in the interface. */
    displayName: storable(),
    /** The user's email address. */
    email: storable(),
    /** Whether the user has confirmed `email` through a verification email. */
    emailVerified: Type.Boolean(),
    /** `ACTIVE`, or `DISABLED` when the user may no longer sign in. */
    state: UserState,
    /** IANA zone id, e.g. `Europe/Berlin`. */
    timeZone: storable(),
    /** Ids of the roles granted to the user in its organisation (see `Role`). */
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
    /** New given name. */
    firstName: Type.Optional(personName()),
    /** New family name. */
    lastName: Type.Optional(personName()),
    /** New name shown for the user. */
    displayName: Type.Optional(personName()),
    /** New email address; it is unverified until the user confirms it. */
    email: Type.Optional(email()),
    /** New time zone, an IANA name such as `Europe/Berlin`. */
    timeZone: Type.Optional(timeZone()),
    /** `DISABLED` to stop the user signing in, `ACTIVE` to allow it again. */
    state: Type.Optional(UserState),
    /** Replaces the user's roles (ids of the organisation's roles). */
    roleIds: Type.Optional(
      list(key(), 50, {
        uniqueItems: true,
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
    /** The signed-in user's id. */
    id: storable(),
    /** Id of the user's organisation. */
    orgId: storable(),
    /** The name the user signs in with. */
    userName: storable(),
    /** Given name. */
    firstName: storable(),
    /** Family name. */
    lastName: storable(),
    /** The name shown for the user in the interface. */
    displayName: storable(),
    /** The user's email address. */
    email: storable(),
    /** Whether `email` has been confirmed through a verification email. */
    emailVerified: Type.Boolean(),
    /** The user's time zone, an IANA name such as `Europe/Berlin`. */
    timeZone: storable(),
    /** Phone number as the user typed it, or `null` when none was given. */
    phone: Type.Union([storable(), Type.Null()]),
    /** Job title, or `null` when none was given. */
    title: Type.Union([storable(), Type.Null()]),
    /** BCP 47 tag, or `null` for the browser's language. */
    locale: Type.Union([storable(), Type.Null()]),
  },
  { additionalProperties: false, description: about.UserProfile },
);
export type UserProfile = Of<typeof UserProfile>;

/** The fields of the profile that `PATCH UserProfile` may change; absent fields are kept. */
export const UserProfileUpdate = Type.Object(
  {
    /** New given name. */
    firstName: Type.Optional(personName()),
    /** New family name. */
    lastName: Type.Optional(personName()),
    /** New name shown for the user. */
    displayName: Type.Optional(personName()),
    /** New time zone, an IANA name such as `Europe/Berlin`. */
    timeZone: Type.Optional(timeZone()),
    /** New phone number (digits, spaces and `+()./-`, at most 40 characters), or `null` to remove it. */
    phone: Type.Optional(
      Type.Union([storable({ maxLength: 40, pattern: '^[+0-9 ()./-]*$' }), Type.Null()]),
    ),
    /** New job title (at most 100 characters), or `null` to remove it. */
    title: Type.Optional(Type.Union([storable({ maxLength: 100 }), Type.Null()])),
    /** Preferred language as a BCP 47 tag such as `en-GB`, or `null` for the organisation's default. */
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
    /** The signed-in user's id. */
    userId: storable(),
    /** The name the user signed in with. */
    userName: storable(),
    /** The name shown for the user. */
    displayName: storable(),
    /** Id of the organisation the user belongs to. */
    orgId: storable(),
    /** Name of the organisation the user belongs to. */
    orgName: storable(),
    /** Id of the organisation the session currently works in (a sub-organisation the user switched to, or `orgId`). */
    currentOrgId: storable(),
    /** Id of the parent of the user's organisation; empty for a top-level organisation. */
    parentOrgId: storable(),
    /** `true` when the organisation is a sub-organisation (its parent differs from itself). */
    isSubOrg: Type.Boolean(),
    /** Names of the privileges the user holds in the current organisation. */
    privileges: Type.Array(storable()),
    /** Names of the roles granted to the user. */
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
  {
    /** The attribute's name. */
    name: storable(),
    /** The attribute's value, as text. */
    value: storable(),
  },
  {
    additionalProperties: false,
    description: about.OrgAttribute,
  },
);
export type OrgAttribute = Of<typeof OrgAttribute>;

/** An organisation. `attributes` is present only when `$expand=attributes` was asked for. */
export const Organisation = Type.Object(
  {
    /** The organisation's id. */
    id: storable(),
    /** The organisation's name. */
    name: storable(),
    /** Equals `id` for a top-level organisation (PC-6.7). */
    parentOrgId: storable(),
    /** Its name/value attributes; present only with `$expand=attributes`. */
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
    /** The group's id. */
    id: storable(),
    /** Id of the organisation the group belongs to. */
    orgId: storable(),
    /** The group's name, unique in its organisation. */
    name: storable(),
    /** What the group is for; empty when none was given. */
    description: storable(),
    /** Ids of the users in the group. */
    memberIds: Type.Array(storable()),
  },
  { additionalProperties: false, description: about.UserGroup },
);
export type UserGroup = Of<typeof UserGroup>;

/** A role: a named set of privileges of one organisation. */
export const Role = Type.Object(
  {
    /** The role's id. */
    id: storable(),
    /** Id of the organisation the role belongs to. */
    orgId: storable(),
    /** The role's name, unique in its organisation. */
    name: storable(),
    /** What the role is for; empty when none was given. */
    description: storable(),
    /** Names of the privileges the role grants. */
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
    /** IANA zone id. */
    id: storable(),
    /** How the zone is shown to users, e.g. `(UTC+01:00) Berlin`. */
    displayName: storable(),
    /** Offset from UTC in minutes, without daylight saving. */
    offsetMinutes: Type.Number(),
  },
  { additionalProperties: false, description: about.TimeZoneInfo },
);
export type TimeZoneInfo = Of<typeof TimeZoneInfo>;

/** `configInfo`: identity settings the client needs. */
export const IdentityConfigInfo = Type.Object(
  {
    /** Idle time before logout, in seconds (PC-9: default 1800). */
    sessionIdleTimeoutSeconds: Type.Number(),
    /** Interval of the keep-alive ping, in seconds (PC-9: default 600). */
    keepAlivePingIntervalSeconds: Type.Number(),
    /** Whether a changed email address must be verified before it is used. */
    emailVerificationRequired: Type.Boolean(),
    /** The fewest characters a password may have. */
    passwordMinLength: Type.Number(),
  },
  { additionalProperties: false, description: about.IdentityConfigInfo },
);
export type IdentityConfigInfo = Of<typeof IdentityConfigInfo>;

/** Body of the email verification calls for oneself. */
export const EmailVerificationRequest = Type.Object(
  {
    /** The address to send the verification email to. */
    email: email(),
  },
  { additionalProperties: false, description: about.EmailVerificationRequest },
);
export type EmailVerificationRequest = Of<typeof EmailVerificationRequest>;

/** Body of the email verification call an administrator makes for another user (PC-6.8). */
export const EmailVerificationForUserRequest = Type.Object(
  {
    /** The address to send the verification email to. */
    email: email(),
    /** Id of the user whose address it is. */
    userId: key(),
  },
  {
    additionalProperties: false,
    description: about.EmailVerificationForUserRequest,
  },
);
export type EmailVerificationForUserRequest = Of<typeof EmailVerificationForUserRequest>;

/** Whether a user has an email verification pending, and for which address. */
export const PendingVerification = Type.Object(
  {
    /** Id of the user asked about. */
    userId: storable(),
    /** Whether a verification email was sent and not yet confirmed. */
    pending: Type.Boolean(),
    /** The address being verified; absent when nothing is pending. */
    email: Type.Optional(storable()),
    /** ISO 8601 time of the latest verification email. */
    requestedAt: Type.Optional(storable()),
    /** How many verification emails were sent for this address. */
    sentCount: Type.Optional(Type.Number()),
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
    /** The name the new user will sign in with: an email address, unique on the platform. */
    userName: email({ minLength: 3 }),
    /** Given name. */
    firstName: personName(),
    /** Family name. */
    lastName: personName(),
    /** The address the invitation is sent to. */
    email: email(),
    /** Default: the administrator's organisation. */
    orgId: Type.Optional(key()),
    /** A time zone of `GET TimeZone`; default: `UTC`. */
    timeZone: Type.Optional(timeZone()),
    /** Default: none. */
    roleIds: Type.Optional(list(key(), 50, { uniqueItems: true })),
  },
  { additionalProperties: false, description: about.NewUser },
);
export type NewUser = Of<typeof NewUser>;

/** Body of `users/delete` on the management service: all of them are deleted, or none. */
export const UserDeletion = Type.Object(
  {
    /** Ids of the users to delete: 1 to 100, each once. */
    userIds: keys(100, { uniqueItems: true }),
  },
  {
    additionalProperties: false,
    description: about.UserDeletion,
  },
);
export type UserDeletion = Of<typeof UserDeletion>;

/** Answer of `users/delete`. */
export const UserDeletionResult = Type.Object(
  {
    /** Ids of the users that were deleted: all those asked for. */
    deletedIds: Type.Array(storable()),
  },
  { additionalProperties: false, description: about.UserDeletionResult },
);
export type UserDeletionResult = Of<typeof UserDeletionResult>;
