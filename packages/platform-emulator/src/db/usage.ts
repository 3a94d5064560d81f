import type { UsageRecord } from '@ics/platform-contract';
import type { Queryable } from './database.ts';

interface UsageRow {
  org_id: string;
  service: string;
  meter: string;
  period: string;
  quantity: number;
}
const toRecord = (r: UsageRow): UsageRecord => ({
  orgId: r.org_id,
  service: r.service,
  meter: r.meter,
  period: r.period,
  quantity: r.quantity,
});

/** An organisation's monthly usage records, optionally of one service and within months. */
export async function usageRecords(
  db: Queryable,
  orgId: string,
  filter: { service?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<UsageRecord[]> {
  const rows = await db.query<UsageRow>(
    `select org_id, service, meter, period, quantity from usage_records
        where org_id = $1 and ($2::text is null or service = $2)
          and ($3::text is null or period >= $3) and ($4::text is null or period <= $4)
        order by period, service, meter`,
    [orgId, filter.service ?? null, filter.from ?? null, filter.to ?? null],
  );
  return rows.map(toRecord);
}

/** The total quantity per service and meter of an organisation between two months. */
export async function usageTotals(
  db: Queryable,
  orgId: string,
  from: string,
  to: string,
): Promise<{ service: string; meter: string; quantity: number }[]> {
  return db.query(
    `select service, meter, sum(quantity) as quantity from usage_records
        where org_id = $1 and period between $2 and $3
        group by service, meter order by service, meter`,
    [orgId, from, to],
  );
}

/** Adds a quantity to the month's record (created at the first use); answers the record. */
export async function addUsage(
  db: Queryable,
  input: { orgId: string; service: string; meter: string; period: string; quantity: number },
): Promise<UsageRecord | undefined> {
  const [row] = await db.query<UsageRow>(
    `insert into usage_records (org_id, service, meter, period, quantity) values ($1, $2, $3, $4, $5)
       on conflict (org_id, service, meter, period)
         do update set quantity = usage_records.quantity + excluded.quantity
       returning org_id, service, meter, period, quantity`,
    [input.orgId, input.service, input.meter, input.period, input.quantity],
  );
  return row && toRecord(row);
}
