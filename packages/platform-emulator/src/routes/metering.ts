import { contract, type UsageRecord } from '@ics/platform-contract';
import { instantOf, type EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { catalogue } from '../seed/catalogue.ts';
import { ApiError } from './apiError.ts';
import { queryCollection } from './odata.ts';
import type { ContractRouter } from './router.ts';
const services = new Set(catalogue.flatMap((g) => g.products).map((p) => p.uniqueName));

const invalid = (target: string, message: string) =>
  new ApiError(400, 'VALIDATION', `${target} ${message}`, [{ target, message }]);

function checkRange(from: string | undefined, to: string | undefined): void {
  if (from !== undefined && to !== undefined && from > to) {
    throw invalid('query.from', `(${from}) is after query.to (${to}).`);
  }
}

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

/** Metering (docs/decisions/0400-metering-api.md): monthly usage per organisation. */
export function meteringRoutes(router: ContractRouter, db: Database, clock: EmulatorClock): void {
  const m = contract.metering;

  router.add(m.getUsage, {}, async ({ query, session }) => {
    checkRange(query.from, query.to);
    const rows = await db.query<UsageRow>(
      `select org_id, service, meter, period, quantity from usage_records
          where org_id = $1 and ($2::text is null or service = $2)
            and ($3::text is null or period >= $3) and ($4::text is null or period <= $4)
          order by period, service, meter`,
      [session.user.orgId, query.service ?? null, query.from ?? null, query.to ?? null],
    );
    return queryCollection(rows.map(toRecord), query, {});
  });

  router.add(m.getUsageSummary, {}, async ({ query, session }) => {
    checkRange(query.from, query.to);
    const rows = await db.query<{ service: string; meter: string; quantity: number }>(
      `select service, meter, sum(quantity) as quantity from usage_records
          where org_id = $1 and period between $2 and $3
          group by service, meter order by service, meter`,
      [session.user.orgId, query.from, query.to],
    );
    return { orgId: session.user.orgId, from: query.from, to: query.to, services: rows };
  });

  router.add(m.recordUsage, {}, async ({ body, session }) => {
    if (!services.has(body.service)) {
      throw invalid('body.service', `is not a service of the catalogue: '${body.service}'.`);
    }
    const at = body.occurredAt === undefined ? instantOf(clock) : new Date(body.occurredAt);
    if (Number.isNaN(at.getTime())) throw invalid('body.occurredAt', 'is not a valid time.');
    const month = at.toISOString().slice(0, 7);
    const [row] = await db.query<UsageRow>(
      `insert into usage_records (org_id, service, meter, period, quantity) values ($1, $2, $3, $4, $5)
         on conflict (org_id, service, meter, period)
           do update set quantity = usage_records.quantity + excluded.quantity
         returning org_id, service, meter, period, quantity`,
      [session.user.orgId, body.service, body.meter, month, body.quantity],
    );
    if (!row) throw new ApiError(500, 'INTERNAL', 'The usage was not recorded.');
    return toRecord(row);
  });
}
