/** Schedule entities (spec §3, PC-3.1). */
import { Type, type Static } from '@sinclair/typebox';
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
    name: Type.String(),
    description: Type.Optional(Type.String()),
    startTime: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T',
      description: 'ISO 8601 instant of the first run.',
    }),
    interval: Type.Optional(
      Type.Unsafe<Static<typeof ScheduleInterval>>({
        ...ScheduleInterval,
        description: 'Default `NONE` (runs once).',
      }),
    ),
    frequency: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description: 'Every how many intervals; default 1.',
      }),
    ),
    endTime: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T' })),
  },
  closed,
);
export type ScheduleBody = Of<typeof ScheduleBody>;

/** A schedule: when it first ran or runs, how often it repeats, when it ends and its next run. */
export const Schedule = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    startTime: Type.String(),
    interval: ScheduleInterval,
    frequency: Type.Number(),
    endTime: Type.Union([Type.String(), Type.Null()]),
    nextRunTime: Type.Union([Type.String(), Type.Null()], {
      description: 'The next run after now, or `null` when none remains.',
    }),
    createdBy: Type.String(),
  },
  closed,
);
export type Schedule = Of<typeof Schedule>;
