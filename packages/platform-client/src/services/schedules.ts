import { type Schedule, type ScheduleBody, schedulesEndpoints } from '@ics/platform-contract';
import type { Binder, CallOptions } from '../http/bind.ts';

/** The scheduler service: named schedules that jobs run on. */
export interface SchedulesService {
  /** Creates a schedule; interval defaults to NONE (once) and frequency to 1. 409 when the name is taken. */
  create(schedule: ScheduleBody, options?: CallOptions): Promise<Schedule>;
  /** The organisation's schedules by name, each with its next run time. */
  list(options?: CallOptions): Promise<readonly Schedule[]>;
}

export function schedulesService(binder: Binder): SchedulesService {
  const create = binder.bind(schedulesEndpoints.createSchedule);
  const list = binder.bind(schedulesEndpoints.getSchedules);
  return {
    create: (body, o = {}) => create({ body, ...o }),
    list: async (o = {}) => (await list(o)).value,
  };
}
