/** Entities of the metering service (paths decided in docs/decisions/0400-metering-api.md). */
import type { Of } from '../schemas/of.ts';
import type * as S from '../schemas/metering.ts';

/** A month, `YYYY-MM`. */
export type UsagePeriod = Of<typeof S.UsagePeriod>;

/** Usage of one meter of one service by one organisation in one month. */
export type UsageRecord = Of<typeof S.UsageRecord>;

/** Query of `GET Usage`: every part optional; the period bounds are inclusive. */
export type UsageQuery = Of<typeof S.UsageQuery>;

/** Body of `POST UsageEvents`: adds `quantity` to the month of `occurredAt`. */
export type UsageEvent = Of<typeof S.UsageEvent>;

/** Totals per service and meter over a period (`GET Usage/Summary`). */
export type UsageSummary = Of<typeof S.UsageSummary>;
