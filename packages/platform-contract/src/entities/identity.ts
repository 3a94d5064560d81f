/** Entities of the identity service (spec: platform-client.md §3 and §7 'Identity'). */

/** Lifecycle state of a user account. */
export type UserState = 'ACTIVE' | 'DISABLED';

/** A user as the identity service returns it (`Users({id})`, `Orgs({id})/Users`). */
export interface IdentityUser {
  readonly id: string;
  readonly orgId: string;
  readonly userName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly displayName: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly state: UserState;
  /** IANA zone id, e.g. `Europe/Berlin`. */
  readonly timeZone: string;
  readonly roleIds: readonly string[];
}

/** The fields of a user that `PATCH Users({id})` may change; absent fields are kept. */
export interface UserUpdate {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly displayName?: string;
  readonly email?: string;
  readonly timeZone?: string;
  readonly state?: UserState;
  /** Replaces the user's roles (ids of the organisation's roles). */
  readonly roleIds?: readonly string[];
}

/** The signed-in user's own profile (`UserProfile`). */
export interface UserProfile {
  readonly id: string;
  readonly orgId: string;
  readonly userName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly displayName: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly timeZone: string;
  readonly phone: string | null;
  readonly title: string | null;
  /** BCP 47 tag, or `null` for the browser's language. */
  readonly locale: string | null;
}

/** The fields of the profile that `PATCH UserProfile` may change; absent fields are kept. */
export interface UserProfileUpdate {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly displayName?: string;
  readonly timeZone?: string;
  readonly phone?: string | null;
  readonly title?: string | null;
  readonly locale?: string | null;
}

/** `CurrentUserInfo`: who is signed in, in which organisation, with which privileges. */
export interface CurrentUserInfo {
  readonly userId: string;
  readonly userName: string;
  readonly displayName: string;
  readonly orgId: string;
  readonly orgName: string;
  readonly currentOrgId: string;
  readonly parentOrgId: string;
  /** `true` when the organisation is a sub-organisation (its parent differs from itself). */
  readonly isSubOrg: boolean;
  readonly privileges: readonly string[];
  readonly roleNames: readonly string[];
}

/** A name/value attribute of an organisation (`Orgs({id})?$expand=attributes`). */
export interface OrgAttribute {
  readonly name: string;
  readonly value: string;
}

/** An organisation. `attributes` is present only when `$expand=attributes` was asked for. */
export interface Organisation {
  readonly id: string;
  readonly name: string;
  /** Equals `id` for a top-level organisation (PC-6.7). */
  readonly parentOrgId: string;
  readonly attributes?: readonly OrgAttribute[];
}

/** A group of users of one organisation. */
export interface UserGroup {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly description: string;
  readonly memberIds: readonly string[];
}

/** A role: a named set of privileges of one organisation. */
export interface Role {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly description: string;
  readonly privileges: readonly string[];
}

/** One time zone the platform offers (`TimeZone`). */
export interface TimeZoneInfo {
  /** IANA zone id. */
  readonly id: string;
  readonly displayName: string;
  /** Offset from UTC in minutes, without daylight saving. */
  readonly offsetMinutes: number;
}

/** `configInfo`: identity settings the client needs. */
export interface IdentityConfigInfo {
  /** Idle time before logout, in seconds (PC-9: default 1800). */
  readonly sessionIdleTimeoutSeconds: number;
  /** Interval of the keep-alive ping, in seconds (PC-9: default 600). */
  readonly keepAlivePingIntervalSeconds: number;
  /** Whether a changed email address must be verified before it is used. */
  readonly emailVerificationRequired: boolean;
  readonly passwordMinLength: number;
}

/** Body of the email verification calls for oneself. */
export interface EmailVerificationRequest {
  readonly email: string;
}

/** Body of the email verification call an administrator makes for another user (PC-6.8). */
export interface EmailVerificationForUserRequest {
  readonly email: string;
  readonly userId: string;
}

/** Whether a user has an email verification pending, and for which address. */
export interface PendingVerification {
  readonly userId: string;
  readonly pending: boolean;
  /** The address being verified; absent when nothing is pending. */
  readonly email?: string;
  /** ISO 8601 time of the latest verification email. */
  readonly requestedAt?: string;
  /** How many verification emails were sent for this address. */
  readonly sentCount?: number;
}

/** Body of `users/add` on the management service. */
export interface NewUser {
  readonly userName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** Default: the administrator's organisation. */
  readonly orgId?: string;
  /** Default: `UTC`. */
  readonly timeZone?: string;
  /** Default: none. */
  readonly roleIds?: readonly string[];
}

/** Body of `users/delete` on the management service: all of them are deleted, or none. */
export interface UserDeletion {
  readonly userIds: readonly string[];
}

/** Answer of `users/delete`. */
export interface UserDeletionResult {
  readonly deletedIds: readonly string[];
}
