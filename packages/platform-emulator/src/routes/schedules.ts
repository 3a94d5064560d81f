import { contract, type Schedule, type ScheduleInterval } from '@ics/platform-contract';
import { instantOf } from '../clock.ts';
import { insertSchedule, listSchedules, type StoredSchedule } from '../db/schedules.ts';
import { badRequest, conflict } from '../errors.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

const stepMs: Record<ScheduleInterval, number> = {
  NONE: 0,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: 86_400_000,
  WEEKLY: 7 * 86_400_000,
  MONTHLY: 0, // calendar months: handled apart
};

/** The first run at or after `now`, or `null` when the schedule has no run left. */
function nextRun(
  s: { startTime: Date; interval: ScheduleInterval; frequency: number; endTime: Date | null },
  now: Date,
): Date | null {
  let next = new Date(s.startTime);
  if (next < now && s.interval !== 'NONE') {
    if (s.interval === 'MONTHLY') {
      while (next < now)
        next = new Date(
          Date.UTC(
            next.getUTCFullYear(),
            next.getUTCMonth() + s.frequency,
            next.getUTCDate(),
            next.getUTCHours(),
            next.getUTCMinutes(),
            next.getUTCSeconds(),
          ),
        );
    } else {
      const step = stepMs[s.interval] * s.frequency;
      next = new Date(
        s.startTime.getTime() + Math.ceil((now.getTime() - s.startTime.getTime()) / step) * step,
      );
    }
  }
  if (next < now) return null;
  if (s.endTime && next > s.endTime) return null;
  return next;
}

const toSchedule = (r: StoredSchedule, now: Date): Schedule => ({
  ...r,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime?.toISOString() ?? null,
  nextRunTime: nextRun(r, now)?.toISOString() ?? null,
});

export function schedulesRoutes(router: ContractRouter, { db, clock }: RouteDeps): void {
  router.add(contract.schedules.createSchedule, async ({ session, body }) => {
    // The contract's schema holds the names and the instants' form; their order is said here.
    const start = new Date(body.startTime);
    const end = body.endTime === undefined ? null : new Date(body.endTime);
    if (end && end <= start)
      throw badRequest('body.endTime', 'endTime must be an instant after startTime.');
    const created = await insertSchedule(db, {
      orgId: session.user.orgId,
      name: body.name,
      description: body.description ?? '',
      startTime: start,
      interval: body.interval ?? 'NONE',
      frequency: body.frequency ?? 1,
      endTime: end,
      createdBy: session.user.id,
    });
    if (!created) throw conflict(`A schedule named '${body.name}' exists already.`);
    return toSchedule(created, instantOf(clock));
  });
  router.add(contract.schedules.getSchedules, async ({ session }) => {
    const now = instantOf(clock);
    return { value: (await listSchedules(db, session.user.orgId)).map((r) => toSchedule(r, now)) };
  });
}
