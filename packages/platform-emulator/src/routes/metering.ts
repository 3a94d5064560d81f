import { contract } from '@ics/platform-contract';
import { instantOf } from '../clock.ts';
import { catalogueProductNames } from '../db/products.ts';
import { addUsage, usageRecords, usageTotals } from '../db/usage.ts';
import { ApiError, notFound } from '../errors.ts';
import { queryCollection } from '../http/odata.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

const invalid = (target: string, message: string) =>
  new ApiError(400, 'VALIDATION', `${target} ${message}`, [{ target, message }]);

function checkRange(from: string | undefined, to: string | undefined): void {
  if (from !== undefined && to !== undefined && from > to) {
    throw invalid('query.from', `(${from}) is after query.to (${to}).`);
  }
}

/** Metering (docs/decisions/0400-metering-api.md): monthly usage per organisation. */
export function meteringRoutes(router: ContractRouter, { db, clock }: RouteDeps): void {
  const m = contract.metering;

  router.add(m.getUsage, async ({ query, session }) => {
    checkRange(query.from, query.to);
    return queryCollection(await usageRecords(db, session.user.orgId, query), query, {});
  });

  router.add(m.getUsageSummary, async ({ query, session }) => {
    checkRange(query.from, query.to);
    const totals = await usageTotals(db, session.user.orgId, query.from, query.to);
    return { orgId: session.user.orgId, from: query.from, to: query.to, services: totals };
  });

  router.add(m.recordUsage, async ({ body, session }) => {
    // The catalogue as the database holds it: a team's seed adds its own products.
    if (!(await catalogueProductNames(db)).includes(body.service)) {
      throw notFound(`The service '${body.service}' of the catalogue`);
    }
    const at = body.occurredAt === undefined ? instantOf(clock) : new Date(body.occurredAt);
    const month = at.toISOString().slice(0, 7);
    const record = await addUsage(db, {
      orgId: session.user.orgId,
      service: body.service,
      meter: body.meter,
      period: month,
      quantity: body.quantity,
    });
    if (!record) throw new ApiError(500, 'INTERNAL', 'The usage was not recorded.');
    return record;
  });
}
