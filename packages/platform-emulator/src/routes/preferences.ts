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
  for (const [kind, list, create, update, remove] of [
    [
      'user',
      p.getUserPreferences,
      p.createUserPreference,
      p.updateUserPreference,
      p.deleteUserPreference,
    ],
    [
      'org',
      p.getOrgPreferences,
      p.createOrgPreference,
      p.updateOrgPreference,
      p.deleteOrgPreference,
    ],
  ] as const) {
    const ownerId = (ps: Record<string, string>) => (kind === 'user' ? ps.userId : ps.orgId) ?? '';
    router.add(list, {}, async ({ params: ps, query, session }) => ({
      value: await listPreferences(
        db,
        owner(session, kind, ownerId(ps), false),
        query.fullyQualifiedName,
      ),
    }));
    router.add(create, {}, async ({ params: ps, body, session }) => {
      if (!(await insertPreference(db, owner(session, kind, ownerId(ps), true), body))) {
        throw conflict(
          `A preference '${body.fullyQualifiedName}' exists already; update it with PUT.`,
        );
      }
      return body;
    });
    router.add(update, {}, async ({ params: ps, body, session }) => {
      const updated = { fullyQualifiedName: ps.key, value: body.value };
      if (!(await updatePreference(db, owner(session, kind, ownerId(ps), true), updated))) {
        throw notFound(`The preference '${ps.key}'`);
      }
      return updated;
    });
    router.add(remove, {}, async ({ params: ps, session }) => {
      if (!(await deletePreference(db, owner(session, kind, ownerId(ps), true), ps.key))) {
        throw notFound(`The preference '${ps.key}'`);
      }
    });
  }
}
