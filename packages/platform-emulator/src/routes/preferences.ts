import { contract } from '@ics/platform-contract';
import type { Database } from '../db/database.ts';
import {
  deletePreference,
  insertPreference,
  listPreferences,
  updatePreference,
  type OwnerKind,
} from '../db/preferences.ts';
import type { SessionContext } from '../auth/session.ts';
import { conflict, forbidden, notFound } from './apiError.ts';
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

/**
 * Users read and write their own preferences; organisation preferences are readable by the
 * organisation's members and writable by its administrators.
 */
function owner(session: SessionContext, kind: OwnerKind, id: string, write: boolean) {
  const { user } = session;
  if (kind === 'user' && id !== user.id) throw forbidden('You may only use your own preferences.');
  if (kind === 'org') {
    if (id !== user.orgId) throw forbidden("You may only use your own organization's preferences.");
    if (write && !user.effectivePrivileges.includes('admin')) {
      throw forbidden(
        "Only an organization administrator may change the organization's preferences.",
      );
    }
  }
  return { kind, id };
}

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
        owner(session, kind, ownerId(ps), false),
        query.fullyQualifiedName,
      ),
    }));
    router.add(create, { params, body: preference }, async ({ params: ps, body, session }) => {
      if (!(await insertPreference(db, owner(session, kind, ownerId(ps), true), body))) {
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
        if (!(await updatePreference(db, owner(session, kind, ownerId(ps), true), updated))) {
          throw notFound(`The preference '${ps.key}'`);
        }
        return updated;
      },
    );
    router.add(remove, { params: withKey(params) }, async ({ params: ps, session }) => {
      if (!(await deletePreference(db, owner(session, kind, ownerId(ps), true), ps.key))) {
        throw notFound(`The preference '${ps.key}'`);
      }
    });
  }
}
