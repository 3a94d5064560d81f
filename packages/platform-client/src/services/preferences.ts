import { contract, type UserPreference } from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The preferences of one user or one organisation. */
export interface PreferenceStore {
  /** All preferences, or only those whose fullyQualifiedName is given. */
  list(fullyQualifiedName?: string, options?: CallOptions): Promise<readonly UserPreference[]>;
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

export function preferencesService(binder: Binder): PreferencesService {
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
    }),
    forOrg: (orgId) => ({
      list: async (fullyQualifiedName, options = {}) =>
        (await org.list({ params: { orgId }, query: { fullyQualifiedName }, ...options })).value,
      create: (body, options = {}) => org.create({ params: { orgId }, body, ...options }),
      update: (key, value, options = {}) =>
        org.update({ params: { orgId, key }, body: { value }, ...options }),
      delete: (key, options = {}) => org.delete({ params: { orgId, key }, ...options }),
    }),
  };
}
