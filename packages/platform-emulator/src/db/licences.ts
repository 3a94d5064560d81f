import type { AssignedEdition, LicenseItem } from '@ics/platform-contract';
import type { Queryable } from './database.ts';

interface LicenceRow {
  licence_id: string;
  name: string;
  start_date: string;
  end_date: string;
  grace_end_date: string;
  state: 'active' | 'gracePeriod' | 'expired';
}

/** An organisation's licences by state; the state follows from today's date (PC-4.3). */
export async function licencesByState(
  db: Queryable,
  orgId: string,
): Promise<Record<LicenceRow['state'], LicenseItem[]>> {
  const rows = await db.query<LicenceRow>(
    `select licence_id, name,
            to_char(start_date, 'YYYY-MM-DD') as start_date,
            to_char(end_date, 'YYYY-MM-DD') as end_date,
            to_char(grace_end_date, 'YYYY-MM-DD') as grace_end_date,
            case when current_date <= end_date then 'active'
                 when current_date <= grace_end_date then 'gracePeriod'
                 else 'expired' end as state
       from org_licences where org_id = $1 order by licence_id`,
    [orgId],
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
  return { active: list('active'), expired: list('expired'), gracePeriod: list('gracePeriod') };
}

/** The editions assigned to an organisation, by name. */
export async function assignedEditions(db: Queryable, orgId: string): Promise<AssignedEdition[]> {
  const rows = await db.query<{ id: string; name: string; licence_ids: string[] }>(
    'select id, name, licence_ids from org_editions where org_id = $1 order by name',
    [orgId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, licenseIds: r.licence_ids }));
}
