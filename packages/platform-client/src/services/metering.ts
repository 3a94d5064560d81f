import {
  type ODataCollection,
  type UsageEvent,
  type UsageQuery,
  type UsageRecord,
  type UsageSummary,
  meteringEndpoints,
} from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The metering service (docs/decisions/0400-metering-api.md): monthly usage by service. */
export interface MeteringService {
  /** Usage records of the organisation, filtered by service and an inclusive month range. */
  getUsage(query?: UsageQuery, options?: CallOptions): Promise<ODataCollection<UsageRecord>>;
  /** Totals per service and meter from `from` to `to` (months `YYYY-MM`, inclusive). */
  getUsageSummary(from: string, to: string, options?: CallOptions): Promise<UsageSummary>;
  /** Records usage; answers the updated record of the event's month. */
  recordUsage(event: UsageEvent, options?: CallOptions): Promise<UsageRecord>;
}

export function meteringService(binder: Binder): MeteringService {
  const m = meteringEndpoints;
  const usage = binder.bind(m.getUsage);
  const summary = binder.bind(m.getUsageSummary);
  const record = binder.bind(m.recordUsage);
  return {
    getUsage: (query = {}, options = {}) => usage({ query, ...options }),
    getUsageSummary: (from, to, options = {}) => summary({ query: { from, to }, ...options }),
    recordUsage: (body, options = {}) => record({ body, ...options }),
  };
}
