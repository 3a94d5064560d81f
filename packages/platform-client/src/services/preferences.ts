import {
  type Endpoint,
  type None,
  type ODataCollection,
  type UserPreference,
  preferencesEndpoints,
} from '@ics/platform-contract';
import type { PlatformEnvironment } from '../environment.ts';
import type { Binder, BoundCall, CallOptions } from '../http/bind.ts';
import { singlePreference } from '../validation/preferences.ts';

/** The preferences of one user or one organisation. */
export interface PreferenceStore {
  /** All preferences, or only those whose fullyQualifiedName is given. */
  list(fullyQualifiedName?: string, options?: CallOptions): Promise<readonly UserPreference[]>;
  /**
   * The value of one preference, or `undefined` when it is not set. Only 0 or 1 entry is
   * expected per key: with more, an error is logged through the environment's console and the
   * first entry is used (PC-5.6).
   */
  get(fullyQualifiedName: string, options?: CallOptions): Promise<string | undefined>;
  /** Creates a preference; the server refuses a key that already exists (409). */
  create(preference: UserPreference, options?: CallOptions): Promise<UserPreference>;
  /** Replaces the value of an existing preference (404 when there is none). */
  update(fullyQualifiedName: string, value: string, options?: CallOptions): Promise<UserPreference>;
  /** Removes a preference (404 when there is none). */
  delete(fullyQualifiedName: string, options?: CallOptions): Promise<void>;
}

/** User and organisation preferences (identity service). */
export interface PreferencesService {
  /**
   * The preferences of one user (the signed-in user's own id, from `session.getUser()`); nothing is
   * fetched until a store method is called.
   */
  forUser(userId: string): PreferenceStore;
  /**
   * The preferences of one organisation; changing them needs the right privilege (403 otherwise).
   */
  forOrg(orgId: string): PreferenceStore;
}

interface StoreCalls<K> {
  readonly list: BoundCall<
    Endpoint<K, { fullyQualifiedName?: string }, None, ODataCollection<UserPreference>>
  >;
  readonly create: BoundCall<Endpoint<K, None, UserPreference, UserPreference>>;
  readonly update: BoundCall<
    Endpoint<K & { key: string }, None, { value: string }, UserPreference>
  >;
  readonly delete: BoundCall<Endpoint<K & { key: string }, None, None, void>>;
}

/** One owner's store over that owner's bound calls; `owner` is named in PC-5.6's log line. */
function store<K extends object>(
  calls: StoreCalls<K>,
  params: K,
  owner: string,
  console: PlatformEnvironment['console'],
): PreferenceStore {
  // The casts only restate CallArgs<E> for a generic K, which TypeScript cannot narrow.
  const list = async (fullyQualifiedName?: string, options: CallOptions = {}) =>
    (await calls.list({ params, query: { fullyQualifiedName }, ...options } as never)).value;
  return {
    list,
    get: async (key, options = {}) =>
      singlePreference(await list(key, options), key, console, owner)?.value,
    create: (body, options = {}) => calls.create({ params, body, ...options } as never),
    update: (key, value, options = {}) =>
      calls.update({ params: { ...params, key }, body: { value }, ...options } as never),
    delete: (key, options = {}) =>
      calls.delete({ params: { ...params, key }, ...options } as never),
  };
}

/** `console` receives the error of PC-5.6 (more than one entry for a key): the environment's. */
export function preferencesService(
  binder: Binder,
  console: PlatformEnvironment['console'],
): PreferencesService {
  const p = preferencesEndpoints;
  const user: StoreCalls<{ userId: string }> = {
    list: binder.bind(p.getUserPreferences),
    create: binder.bind(p.createUserPreference),
    update: binder.bind(p.updateUserPreference),
    delete: binder.bind(p.deleteUserPreference),
  };
  const org: StoreCalls<{ orgId: string }> = {
    list: binder.bind(p.getOrgPreferences),
    create: binder.bind(p.createOrgPreference),
    update: binder.bind(p.updateOrgPreference),
    delete: binder.bind(p.deleteOrgPreference),
  };
  return {
    forUser: (userId) => store(user, { userId }, `user ${userId}`, console),
    forOrg: (orgId) => store(org, { orgId }, `organization ${orgId}`, console),
  };
}
