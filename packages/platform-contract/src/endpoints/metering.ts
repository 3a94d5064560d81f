import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type { UsageEvent, UsageQuery, UsageRecord, UsageSummary } from '../entities/metering.ts';

/** Metering: designed by the project (docs/decisions/0400-metering-api.md). */
export const meteringEndpoints = {
  /** Monthly usage records of the signed-in user's organisation. */
  getUsage: endpoint<None, UsageQuery, None, ODataCollection<UsageRecord>>()({
    backend: 'metering',
    method: 'GET',
    path: '/Usage',
  }),
  /** Totals per service and meter over an inclusive range of months. */
  getUsageSummary: endpoint<None, { from: string; to: string }, None, UsageSummary>()({
    backend: 'metering',
    method: 'GET',
    path: '/Usage/Summary',
  }),
  /** Records usage; answers the updated monthly record. */
  recordUsage: endpoint<None, None, UsageEvent, UsageRecord>()({
    backend: 'metering',
    method: 'POST',
    path: '/UsageEvents',
  }),
};
