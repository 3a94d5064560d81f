/** Entities of the metering service (paths decided in docs/decisions/0400-metering-api.md). */

/** A month, `YYYY-MM`. */
export type UsagePeriod = string;

/** Usage of one meter of one service by one organisation in one month. */
export interface UsageRecord {
  readonly orgId: string;
  /** The product's uniqueName, e.g. `cdi`. */
  readonly service: string;
  /** What is counted, e.g. `compute.hours`. */
  readonly meter: string;
  readonly period: UsagePeriod;
  readonly quantity: number;
}

/** Query of `GET Usage`: every part optional; the period bounds are inclusive. */
export interface UsageQuery {
  readonly service?: string;
  readonly from?: UsagePeriod;
  readonly to?: UsagePeriod;
  readonly $top?: number;
  readonly $skip?: number;
  readonly $count?: boolean;
}

/** Body of `POST UsageEvents`: adds `quantity` to the month of `occurredAt`. */
export interface UsageEvent {
  readonly service: string;
  readonly meter: string;
  /** Positive, at most 1e9. */
  readonly quantity: number;
  /** ISO 8601 time; default now. */
  readonly occurredAt?: string;
}

/** Totals per service and meter over a period (`GET Usage/Summary`). */
export interface UsageSummary {
  readonly orgId: string;
  readonly from: UsagePeriod;
  readonly to: UsagePeriod;
  readonly services: readonly {
    readonly service: string;
    readonly meter: string;
    readonly quantity: number;
  }[];
}
