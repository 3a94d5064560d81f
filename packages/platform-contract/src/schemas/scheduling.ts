/** Schedule entities (spec §3, PC-3.1). */
import { Type, type Static } from '@sinclair/typebox';
import { instant, repositoryDescription, repositoryName, storable } from './primitives.ts';
import { closed } from './closed.ts';
import type { Of } from './of.ts';
import { schemaDescriptions as about } from './descriptions.ts';

/** How often a schedule repeats its run. */
export const ScheduleInterval = Type.Union(
  [
    Type.Literal('NONE'),
    Type.Literal('MINUTELY'),
    Type.Literal('HOURLY'),
    Type.Literal('DAILY'),
    Type.Literal('WEEKLY'),
    Type.Literal('MONTHLY'),
  ],
  { description: about.ScheduleInterval },
);
export type ScheduleInterval = Of<typeof ScheduleInterval>;

/**
 * The body that creates or replaces a schedule: its name, first run (ISO 8601), how often it
 * repeats and until when.
 */
export const ScheduleBody = Type.Object(
  {
    /** The schedule's name. */
    name: repositoryName(),
    /** What it is for; absent for none. */
    description: Type.Optional(repositoryDescription()),
    /** ISO 8601 instant of the first run. */
    startTime: instant(),
    /** Default `NONE` (runs once). */
    interval: Type.Optional(
      Type.Unsafe<Static<typeof ScheduleInterval>>({
        ...ScheduleInterval,
      }),
    ),
    /** Every how many intervals; default 1. */
    frequency: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
      }),
    ),
    /** ISO 8601 instant after which it runs no more; after `startTime`. */
    endTime: Type.Optional(instant()),
  },
  closed,
);
export type ScheduleBody = Of<typeof ScheduleBody>;

/** A schedule: when it first ran or runs, how often it repeats, when it ends and its next run. */
export const Schedule = Type.Object(
  {
    /** The schedule's id. */
    id: storable(),
    /** The schedule's name. */
    name: storable(),
    /** What it is for; empty when none was given. */
    description: storable(),
    /** When it first runs or ran: an ISO 8601 instant. */
    startTime: storable(),
    /** How often it repeats; `NONE` when it runs once. */
    interval: ScheduleInterval,
    /** Every how many intervals it runs. */
    frequency: Type.Number(),
    /** An ISO 8601 instant after which it runs no more, or `null` for no end. */
    endTime: Type.Union([storable(), Type.Null()]),
    /** The next run after now, or `null` when none remains. */
    nextRunTime: Type.Union([storable(), Type.Null()]),
    /** User name of whoever created it. */
    createdBy: storable(),
  },
  closed,
);
export type Schedule = Of<typeof Schedule>;
