import { contract } from '@ics/platform-contract';
import type { Database } from '../db/database.ts';
import {
  deletePreference,
  insertPreference,
  listPreferences,
  updatePreference,
} from '../db/preferences.ts';
import { requirePreferenceOwner } from '../policy/policy.ts';
import { conflict, notFound } from './apiError.ts';
import type { ContractRouter } from './router.ts';

const key = { type: 'string', minLength: 1, maxLength: 255 } as const;
const value = { type: 'string', maxLength: 4000 } as const;
const userParams = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { userId: key },
};
const orgParams = {
  type: 'object',
  required: ['orgId'],
  additionalProperties: false,
  properties: { orgId: key },
};
const withKey = (params: typeof userParams | typeof orgParams) => ({
  ...params,
  required: [...params.required, 'key'],
  properties: { ...params.properties, key },
});
const filter = {
  type: 'object',
  additionalProperties: false,
  properties: { fullyQualifiedName: key },
};
const preference = {
  type: 'object',
  required: ['fullyQualifiedName', 'value'],
  additionalProperties: false,
  properties: { fullyQualifiedName: key, value },
};
const valueOnly = {
  type: 'object',
  required: ['value'],
  additionalProperties: false,
  properties: { value },
};

export function preferencesRoutes(router: ContractRouter, db: Database): void {
  const p = contract.preferences;
  for (const [kind, params, list, create, update, remove] of [
    [
      'user',
      userParams,
      p.getUserPreferences,
      p.createUserPreference,
      p.updateUserPreference,
      p.deleteUserPreference,
    ],
    [
      'org',
      orgParams,
      p.getOrgPreferences,
      p.createOrgPreference,
      p.updateOrgPreference,
      p.deleteOrgPreference,
    ],
  ] as const) {
    const ownerId = (ps: Record<string, string>) => (kind === 'user' ? ps.userId : ps.orgId) ?? '';
    router.add(list, { params, query: filter }, async ({ params: ps, query, session }) => ({
      value: await listPreferences(
        db,
        requirePreferenceOwner(session.user, kind, ownerId(ps), false),
        query.fullyQualifiedName,
      ),
    }));
    router.add(create, { params, body: preference }, async ({ params: ps, body, session }) => {
      if (
        !(await insertPreference(
          db,
          requirePreferenceOwner(session.user, kind, ownerId(ps), true),
          body,
        ))
      ) {
        throw conflict(
          `A preference '${body.fullyQualifiedName}' exists already; update it with PUT.`,
        );
      }
      return body;
    });
    router.add(
      update,
      { params: withKey(params), body: valueOnly },
      async ({ params: ps, body, session }) => {
        const updated = { fullyQualifiedName: ps.key, value: body.value };
        if (
          !(await updatePreference(
            db,
            requirePreferenceOwner(session.user, kind, ownerId(ps), true),
            updated,
          ))
        ) {
          throw notFound(`The preference '${ps.key}'`);
        }
        return updated;
      },
    );
    router.add(remove, { params: withKey(params) }, async ({ params: ps, session }) => {
      if (
        !(await deletePreference(
          db,
          requirePreferenceOwner(session.user, kind, ownerId(ps), true),
          ps.key,
        ))
      ) {
        throw notFound(`The preference '${ps.key}'`);
      }
    });
  }
}
