import { endpoint, type None } from '../endpoint.ts';
import type { ODataCollection } from '../entities.ts';
import type { Schedule, ScheduleBody } from '../entities/scheduling.ts';

export const schedulesEndpoints = {
  createSchedule: endpoint<None, None, ScheduleBody, Schedule>()({
    backend: 'scheduler',
    method: 'POST',
    path: '/Schedules',
  }),
  /** The organisation's schedules, by name. */
  getSchedules: endpoint<None, None, None, ODataCollection<Schedule>>()({
    backend: 'scheduler',
    method: 'GET',
    path: '/Schedules',
  }),
};
