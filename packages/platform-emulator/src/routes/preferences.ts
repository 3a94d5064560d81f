import { contract } from '@ics/platform-contract';
import {
  deletePreference,
  insertPreference,
  listPreferences,
  updatePreference,
} from '../db/preferences.ts';
import { requirePreferenceOwner } from '../policy/policy.ts';
import { conflict, notFound } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

export function preferencesRoutes(router: ContractRouter, { db }: RouteDeps): void {
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
    router.add(list, async ({ params: ps, query, session }) => ({
      value: await listPreferences(
        db,
        requirePreferenceOwner(session.user, kind, ownerId(ps), false),
        query.fullyQualifiedName,
      ),
    }));
    router.add(create, async ({ params: ps, body, session }) => {
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
    router.add(update, async ({ params: ps, body, session }) => {
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
    });
    router.add(remove, async ({ params: ps, session }) => {
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
