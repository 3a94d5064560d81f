import { storable, text } from '../primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { ODataCollection, UserPreference } from '../common.ts';

const UserKey = Type.Object({ userId: text(255) }, closed);

const OrgKey = Type.Object({ orgId: text(255) }, closed);

const Filter = Type.Object({ fullyQualifiedName: Type.Optional(text(255)) }, closed);

/** Inputs and answers of the preferences endpoints. */
export const preferences = {
  getUserPreferences: { params: UserKey, query: Filter, response: ODataCollection(UserPreference) },
  createUserPreference: { params: UserKey, body: UserPreference, response: UserPreference },
  updateUserPreference: {
    params: Type.Composite([UserKey, Type.Object({ key: text(255) }, closed)], closed),
    body: Type.Object({ value: storable({ maxLength: 4000 }) }, closed),
    response: UserPreference,
  },
  deleteUserPreference: {
    params: Type.Composite([UserKey, Type.Object({ key: text(255) }, closed)], closed),
  },
  getOrgPreferences: { params: OrgKey, query: Filter, response: ODataCollection(UserPreference) },
  createOrgPreference: { params: OrgKey, body: UserPreference, response: UserPreference },
  updateOrgPreference: {
    params: Type.Composite([OrgKey, Type.Object({ key: text(255) }, closed)], closed),
    body: Type.Object({ value: storable({ maxLength: 4000 }) }, closed),
    response: UserPreference,
  },
  deleteOrgPreference: {
    params: Type.Composite([OrgKey, Type.Object({ key: text(255) }, closed)], closed),
  },
} satisfies Record<string, EndpointSchemas>;
