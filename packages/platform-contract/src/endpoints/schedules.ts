import { endpoint } from '../endpoint.ts';
import type { schedules as S } from '../schemas/endpoints/schedules.ts';

/** Schedules of the organisation's runs. */
export const schedulesEndpoints = {
  createSchedule: endpoint<typeof S.createSchedule>()({
    backend: 'scheduler',
    method: 'POST',
    path: '/Schedules',
  }),
  /** The organisation's schedules, by name. */
  getSchedules: endpoint<typeof S.getSchedules>()({
    backend: 'scheduler',
    method: 'GET',
    path: '/Schedules',
  }),
};
