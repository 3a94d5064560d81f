/** Entities of the metering service (paths decided in docs/decisions/0400-metering-api.md). */
import { instant, key, skip, storable, top } from './primitives.ts';
import { Type } from '@sinclair/typebox';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** A month, `YYYY-MM`. */
export const UsagePeriod = storable({
  pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
  description: about.UsagePeriod,
});
export type UsagePeriod = Of<typeof UsagePeriod>;

/** Usage of one meter of one service by one organisation in one month. */
export const UsageRecord = Type.Object(
  {
    /** Id of the organisation. */
    orgId: storable(),
    /** The product's uniqueName, e.g. `cdi`. */
    service: storable(),
    /** What is counted, e.g. `compute.hours`. */
    meter: storable(),
    /** The month, `YYYY-MM`. */
    period: UsagePeriod,
    /** How much of the meter was used in that month, in the meter's unit. */
    quantity: Type.Number(),
  },
  {
    additionalProperties: false,
    description: about.UsageRecord,
  },
);
export type UsageRecord = Of<typeof UsageRecord>;

/** Query of `GET Usage`: every part optional; the period bounds are inclusive. */
export const UsageQuery = Type.Object(
  {
    /** Only this service; absent for all. */
    service: Type.Optional(key()),
    /** First month, `YYYY-MM`, inclusive; absent for no lower bound. */
    from: Type.Optional(UsagePeriod),
    /** Last month, `YYYY-MM`, inclusive; absent for no upper bound. */
    to: Type.Optional(UsagePeriod),
    /** How many records at most. */
    $top: Type.Optional(top()),
    /** How many matching records to pass over first. */
    $skip: Type.Optional(skip()),
    /** `true` to have the answer say how many records match over all pages. */
    $count: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: about.UsageQuery,
  },
);
export type UsageQuery = Of<typeof UsageQuery>;

/** Body of `POST UsageEvents`: adds `quantity` to the month of `occurredAt`. */
export const UsageEvent = Type.Object(
  {
    /** The service that was used. */
    service: key(),
    /** What was measured: lower-case letters, digits, `_` and `.`, starting with a letter (e.g. `api.calls`). */
    meter: storable({ pattern: '^[a-z][a-z0-9_.]{0,63}$' }),
    /** Positive, at most 1e9. */
    quantity: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1e9,
    }),
    /** ISO 8601 time; default now. */
    occurredAt: Type.Optional(instant()),
  },
  {
    additionalProperties: false,
    description: about.UsageEvent,
  },
);
export type UsageEvent = Of<typeof UsageEvent>;

/** Totals per service and meter over a period (`GET Usage/Summary`). */
export const UsageSummary = Type.Object(
  {
    /** Id of the organisation. */
    orgId: storable(),
    /** First month of the period, `YYYY-MM`. */
    from: UsagePeriod,
    /** Last month of the period, `YYYY-MM`. */
    to: UsagePeriod,
    /** The total `quantity` of each `service` and `meter` over the period. */
    services: Type.Array(
      Type.Object({ service: storable(), meter: storable(), quantity: Type.Number() }, closed),
    ),
  },
  {
    additionalProperties: false,
    description: about.UsageSummary,
  },
);
export type UsageSummary = Of<typeof UsageSummary>;
