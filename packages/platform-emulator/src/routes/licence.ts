import { contract, type AssignedEdition, type LicenseItem } from '@ics/platform-contract';
import type { Database } from '../db/database.ts';
import { requireVisibleOrg } from '../policy/policy.ts';
import type { ContractRouter } from './router.ts';

interface LicenceRow {
  licence_id: string;
  name: string;
  start_date: string;
  end_date: string;
  grace_end_date: string;
  state: 'active' | 'gracePeriod' | 'expired';
}

/** Licences of an organisation; the state follows from today's date (PC-4.3). */
export function licenceRoutes(router: ContractRouter, db: Database): void {
  const l = contract.licence;

  router.add(l.getEffectiveLicenses, {}, async ({ params, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    const rows = await db.query<LicenceRow>(
      `select licence_id, name,
              to_char(start_date, 'YYYY-MM-DD') as start_date,
              to_char(end_date, 'YYYY-MM-DD') as end_date,
              to_char(grace_end_date, 'YYYY-MM-DD') as grace_end_date,
              case when current_date <= end_date then 'active'
                   when current_date <= grace_end_date then 'gracePeriod'
                   else 'expired' end as state
         from org_licences where org_id = $1 order by licence_id`,
      [params.orgId],
    );
    const list = (state: LicenceRow['state']): LicenseItem[] =>
      rows
        .filter((r) => r.state === state)
        .map((r) => ({
          id: r.licence_id,
          name: r.name,
          startDate: r.start_date,
          endDate: r.end_date,
          graceEndDate: r.grace_end_date,
        }));
    return {
      orgId: params.orgId,
      active: list('active'),
      expired: list('expired'),
      gracePeriod: list('gracePeriod'),
    };
  });

  router.add(l.getViews, {}, async ({ params, session }) => {
    await requireVisibleOrg(db, session.user, params.orgId);
    const rows = await db.query<{ id: string; name: string; licence_ids: string[] }>(
      'select id, name, licence_ids from org_editions where org_id = $1 order by name',
      [params.orgId],
    );
    const assignedEditions: AssignedEdition[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      licenseIds: r.licence_ids,
    }));
    return { orgId: params.orgId, assignedEditions };
  });
}
