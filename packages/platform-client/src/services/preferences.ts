import { contract, type UserPreference } from '@ics/platform-contract';
import type { PlatformEnvironment } from '../environment.ts';
import type { Binder, CallOptions } from '../http/bind.ts';

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
  forUser(userId: string): PreferenceStore;
  forOrg(orgId: string): PreferenceStore;
}

/** Reads one value out of a filtered list: the first entry, logging when there are several. */
function firstValue(
  console: PlatformEnvironment['console'],
  owner: string,
  fullyQualifiedName: string,
  entries: readonly UserPreference[],
): string | undefined {
  const matching = entries.filter((e) => e.fullyQualifiedName === fullyQualifiedName);
  if (matching.length > 1) {
    console.error(
      `Expected at most one preference '${fullyQualifiedName}' for ${owner}, found ${matching.length}; using the first.`,
    );
  }
  return matching[0]?.value;
}

/** `console` receives the error of PC-5.6 (more than one entry for a key): the environment's. */
export function preferencesService(
  binder: Binder,
  console: PlatformEnvironment['console'],
): PreferencesService {
  const p = contract.preferences;
  const user = {
    list: binder.bind(p.getUserPreferences),
    create: binder.bind(p.createUserPreference),
    update: binder.bind(p.updateUserPreference),
    delete: binder.bind(p.deleteUserPreference),
  };
  const org = {
    list: binder.bind(p.getOrgPreferences),
    create: binder.bind(p.createOrgPreference),
    update: binder.bind(p.updateOrgPreference),
    delete: binder.bind(p.deleteOrgPreference),
  };
  return {
    forUser: (userId) => ({
      list: async (fullyQualifiedName, options = {}) =>
        (await user.list({ params: { userId }, query: { fullyQualifiedName }, ...options })).value,
      create: (body, options = {}) => user.create({ params: { userId }, body, ...options }),
      update: (key, value, options = {}) =>
        user.update({ params: { userId, key }, body: { value }, ...options }),
      delete: (key, options = {}) => user.delete({ params: { userId, key }, ...options }),
      get: async (key, options = {}) =>
        firstValue(
          console,
          `user ${userId}`,
          key,
          (await user.list({ params: { userId }, query: { fullyQualifiedName: key }, ...options }))
            .value,
        ),
    }),
    forOrg: (orgId) => ({
      list: async (fullyQualifiedName, options = {}) =>
        (await org.list({ params: { orgId }, query: { fullyQualifiedName }, ...options })).value,
      create: (body, options = {}) => org.create({ params: { orgId }, body, ...options }),
      update: (key, value, options = {}) =>
        org.update({ params: { orgId, key }, body: { value }, ...options }),
      delete: (key, options = {}) => org.delete({ params: { orgId, key }, ...options }),
      get: async (key, options = {}) =>
        firstValue(
          console,
          `organization ${orgId}`,
          key,
          (await org.list({ params: { orgId }, query: { fullyQualifiedName: key }, ...options }))
            .value,
        ),
    }),
  };
}
