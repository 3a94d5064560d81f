import { endpoint } from '../endpoint.ts';
import type { metering as S } from '../schemas/endpoints/metering.ts';

/** Metering: designed by the project (docs/decisions/0400-metering-api.md). */
export const meteringEndpoints = {
  /** Monthly usage records of the signed-in user's organisation. */
  getUsage: endpoint<typeof S.getUsage>()({
    backend: 'metering',
    method: 'GET',
    path: '/Usage',
  }),
  /**
   * Totals per service and meter over an inclusive range of months. `from` must not be after
   * `to` (JSON Schema cannot relate two parameters): otherwise 400 naming `query.from`.
   */
  getUsageSummary: endpoint<typeof S.getUsageSummary>()({
    backend: 'metering',
    method: 'GET',
    path: '/Usage/Summary',
  }),
  /**
   * Records usage; answers the updated monthly record. A `service` the catalogue does not hold
   * answers 404 naming it.
   */
  recordUsage: endpoint<typeof S.recordUsage>()({
    backend: 'metering',
    method: 'POST',
    path: '/UsageEvents',
  }),
};
