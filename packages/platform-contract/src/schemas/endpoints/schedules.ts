import type { EndpointSchemas } from '../endpointSchemas.ts';
import { Schedule, ScheduleBody } from '../scheduling.ts';
import { ODataCollection } from '../common.ts';

/** Inputs and answers of the schedules endpoints. */
export const schedules = {
  createSchedule: {
    body: ScheduleBody,
    response: Schedule,
    refusals: { 'body.endTime': 'must be after `startTime`.' },
  },
  getSchedules: { response: ODataCollection(Schedule) },
} satisfies Record<string, EndpointSchemas>;
