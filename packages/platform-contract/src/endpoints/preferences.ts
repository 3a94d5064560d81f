import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection, UserPreference } from '../entities.ts';

type UserKey = { userId: string };
type OrgKey = { orgId: string };
type Filter = { fullyQualifiedName?: string };

export const preferencesEndpoints = {
  /** A user's preferences, optionally only those with one fullyQualifiedName. */
  getUserPreferences: endpoint<UserKey, Filter, None, ODataCollection<UserPreference>>()({
    backend: 'identity',
    method: 'GET',
    path: '/Users({userId})/Preferences',
  }),
  createUserPreference: endpoint<UserKey, None, UserPreference, UserPreference>()({
    backend: 'identity',
    method: 'POST',
    path: '/Users({userId})/Preferences',
  }),
  updateUserPreference: endpoint<
    UserKey & { key: string },
    None,
    { value: string },
    UserPreference
  >()({
    backend: 'identity',
    method: 'PUT',
    path: '/Users({userId})/Preferences({key})',
  }),
  deleteUserPreference: endpoint<UserKey & { key: string }, None, None, void>()({
    backend: 'identity',
    method: 'DELETE',
    path: '/Users({userId})/Preferences({key})',
  }),
  getOrgPreferences: endpoint<OrgKey, Filter, None, ODataCollection<UserPreference>>()({
    backend: 'identity',
    method: 'GET',
    path: '/Orgs({orgId})/Preferences',
  }),
  createOrgPreference: endpoint<OrgKey, None, UserPreference, UserPreference>()({
    backend: 'identity',
    method: 'POST',
    path: '/Orgs({orgId})/Preferences',
  }),
  updateOrgPreference: endpoint<
    OrgKey & { key: string },
    None,
    { value: string },
    UserPreference
  >()({
    backend: 'identity',
    method: 'PUT',
    path: '/Orgs({orgId})/Preferences({key})',
  }),
  deleteOrgPreference: endpoint<OrgKey & { key: string }, None, None, void>()({
    backend: 'identity',
    method: 'DELETE',
    path: '/Orgs({orgId})/Preferences({key})',
  }),
};
