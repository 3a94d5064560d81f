import { contract, nameKey, type Schedule, type ScheduleInterval } from '@ics/platform-contract';
import { instantOf, type EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { conflict } from './apiError.ts';
import { badRequest, checkNameRules, newId } from './kit.ts';
import type { ContractRouter } from './router.ts';

const stepMs: Record<ScheduleInterval, number> = {
  NONE: 0,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: 86_400_000,
  WEEKLY: 7 * 86_400_000,
  MONTHLY: 0, // calendar months: handled apart
};

/** The first run at or after `now`, or `null` when the schedule has no run left. */
export function nextRun(
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

interface Row {
  id: string;
  name: string;
  description: string;
  start_time: string;
  interval: ScheduleInterval;
  frequency: number;
  end_time: string | null;
  created_by: string;
}
const toSchedule = (r: Row, now: Date): Schedule => {
  const startTime = new Date(r.start_time);
  const endTime = r.end_time ? new Date(r.end_time) : null;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    startTime: startTime.toISOString(),
    interval: r.interval,
    frequency: r.frequency,
    endTime: endTime?.toISOString() ?? null,
    nextRunTime:
      nextRun(
        { startTime, interval: r.interval, frequency: r.frequency, endTime },
        now,
      )?.toISOString() ?? null,
    createdBy: r.created_by,
  };
};
/** Instants a schedule may name: valid, from 1900 to 9999 (PostgreSQL and clients agree on these). */
const inSaneRange = (date: Date) =>
  !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1900 && date.getUTCFullYear() <= 9999;

export function schedulesRoutes(router: ContractRouter, db: Database, clock: EmulatorClock): void {
  router.add(contract.schedules.createSchedule, {}, async ({ session, body }) => {
    checkNameRules(body);
    const start = new Date(body.startTime);
    if (!inSaneRange(start))
      throw badRequest(
        'body.startTime',
        'startTime is not a valid ISO 8601 instant between the years 1900 and 9999.',
      );
    const end = body.endTime === undefined ? null : new Date(body.endTime);
    if (end && (!inSaneRange(end) || end <= start))
      throw badRequest('body.endTime', 'endTime must be a valid instant after startTime.');
    const id = newId();
    const rows = await db.query<Row>(
      `insert into schedules (id, org_id, name, name_key, description, start_time, interval, frequency, end_time, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (org_id, name_key) do nothing returning *`,
      [
        id,
        session.user.orgId,
        body.name,
        nameKey(body.name),
        body.description ?? '',
        start.toISOString(),
        body.interval ?? 'NONE',
        body.frequency ?? 1,
        end?.toISOString() ?? null,
        session.user.id,
      ],
    );
    const [row] = rows;
    if (!row) throw conflict(`A schedule named '${body.name}' exists already.`);
    return toSchedule(row, instantOf(clock));
  });
  router.add(contract.schedules.getSchedules, {}, async ({ session }) => {
    const rows = await db.query<Row>(
      'select * from schedules where org_id = $1 order by name_key',
      [session.user.orgId],
    );
    const now = instantOf(clock);
    return { value: rows.map((r) => toSchedule(r, now)) };
  });
}
