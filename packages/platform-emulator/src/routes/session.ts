import { contract } from '@ics/platform-contract';
import { deleteSession } from '../db/sessions.ts';
import { clearSessionCookies } from '../auth/session.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

export function sessionRoutes(router: ContractRouter, { db }: RouteDeps): void {
  router.add(contract.session.getUser, async ({ session }) => session.user);

  router.add(contract.session.logout, async ({ session, reply }) => {
    await deleteSession(db, session.sessionId);
    clearSessionCookies(reply);
  });
}
