import { contract } from '@ics/platform-contract';
import { assignedEditions, licencesByState } from '../db/licences.ts';
import { requireVisibleOrg } from '../policy/policy.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/** Licences of an organisation; the state follows from today's date (PC-4.3). */
export function licenceRoutes(router: ContractRouter, { db }: RouteDeps): void {
  const l = contract.licence;

  router.add(l.getEffectiveLicenses, async ({ params, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    const { active, expired, gracePeriod } = await licencesByState(db, params.orgId);
    return { orgId: params.orgId, active, expired, gracePeriod };
  });

  router.add(l.getViews, async ({ params, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    return { orgId: params.orgId, assignedEditions: await assignedEditions(db, params.orgId) };
  });
}
