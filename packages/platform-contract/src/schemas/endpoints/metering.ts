import { Type } from '@sinclair/typebox';
import { closed } from '../closed.ts';
import type { EndpointSchemas } from '../endpointSchemas.ts';
import { UsageEvent, UsagePeriod, UsageQuery, UsageRecord, UsageSummary } from '../metering.ts';
import { ODataCollection } from '../common.ts';

/** Inputs and answers of the metering endpoints. */
export const metering = {
  getUsage: { query: UsageQuery, response: ODataCollection(UsageRecord) },
  getUsageSummary: {
    query: Type.Object({ from: UsagePeriod, to: UsagePeriod }, closed),
    response: UsageSummary,
  },
  recordUsage: { body: UsageEvent, response: UsageRecord },
} satisfies Record<string, EndpointSchemas>;
