/** Entities of the identity service (spec: platform-client.md §3 and §7 'Identity'). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/identity.ts';

/** Lifecycle state of a user account. */
export type UserState = Of<typeof S.UserState>;

/** A user as the identity service returns it (`Users({id})`, `Orgs({id})/Users`). */
export type IdentityUser = Of<typeof S.IdentityUser>;

/** The fields of a user that `PATCH Users({id})` may change; absent fields are kept. */
export type UserUpdate = Of<typeof S.UserUpdate>;

/** The signed-in user's own profile (`UserProfile`). */
export type UserProfile = Of<typeof S.UserProfile>;

/** The fields of the profile that `PATCH UserProfile` may change; absent fields are kept. */
export type UserProfileUpdate = Of<typeof S.UserProfileUpdate>;

/** `CurrentUserInfo`: who is signed in, in which organisation, with which privileges. */
export type CurrentUserInfo = Of<typeof S.CurrentUserInfo>;

/** A name/value attribute of an organisation (`Orgs({id})?$expand=attributes`). */
export type OrgAttribute = Of<typeof S.OrgAttribute>;

/** An organisation. `attributes` is present only when `$expand=attributes` was asked for. */
export type Organisation = Of<typeof S.Organisation>;

/** A group of users of one organisation. */
export type UserGroup = Of<typeof S.UserGroup>;

/** A role: a named set of privileges of one organisation. */
export type Role = Of<typeof S.Role>;

/** One time zone the platform offers (`TimeZone`). */
export type TimeZoneInfo = Of<typeof S.TimeZoneInfo>;

/** `configInfo`: identity settings the client needs. */
export type IdentityConfigInfo = Of<typeof S.IdentityConfigInfo>;

/** Body of the email verification calls for oneself. */
export type EmailVerificationRequest = Of<typeof S.EmailVerificationRequest>;

/** Body of the email verification call an administrator makes for another user (PC-6.8). */
export type EmailVerificationForUserRequest = Of<typeof S.EmailVerificationForUserRequest>;

/** Whether a user has an email verification pending, and for which address. */
export type PendingVerification = Of<typeof S.PendingVerification>;

/** Body of `users/add` on the management service. */
export type NewUser = Of<typeof S.NewUser>;

/** Body of `users/delete` on the management service: all of them are deleted, or none. */
export type UserDeletion = Of<typeof S.UserDeletion>;

/** Answer of `users/delete`. */
export type UserDeletionResult = Of<typeof S.UserDeletionResult>;
