import { endpoint } from '../endpoint.ts';
import type { preferences as S } from '../schemas/endpoints/preferences.ts';

/** Preferences of a user and of an organisation, by fully qualified name (the default service is one, SW-6). */
export const preferencesEndpoints = {
  /** A user's preferences, optionally only those with one fullyQualifiedName. */
  getUserPreferences: endpoint<typeof S.getUserPreferences>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users({userId})/Preferences',
    access: 'self',
  }),
  createUserPreference: endpoint<typeof S.createUserPreference>()({
    backend: 'identity',
    method: 'POST',
    path: '/Users({userId})/Preferences',
    access: 'self',
  }),
  updateUserPreference: endpoint<typeof S.updateUserPreference>()({
    backend: 'identity',
    method: 'PUT',
    path: '/Users({userId})/Preferences({key})',
    access: 'self',
  }),
  deleteUserPreference: endpoint<typeof S.deleteUserPreference>()({
    backend: 'identity',
    method: 'DELETE',
    path: '/Users({userId})/Preferences({key})',
    access: 'self',
  }),
  getOrgPreferences: endpoint<typeof S.getOrgPreferences>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Preferences',
    access: 'own-org',
  }),
  createOrgPreference: endpoint<typeof S.createOrgPreference>()({
    backend: 'identity',
    method: 'POST',
    path: '/Orgs({orgId})/Preferences',
    access: 'own-org',
  }),
  updateOrgPreference: endpoint<typeof S.updateOrgPreference>()({
    backend: 'identity',
    method: 'PUT',
    path: '/Orgs({orgId})/Preferences({key})',
    access: 'own-org',
  }),
  deleteOrgPreference: endpoint<typeof S.deleteOrgPreference>()({
    backend: 'identity',
    method: 'DELETE',
    path: '/Orgs({orgId})/Preferences({key})',
    access: 'own-org',
  }),
};
