import { nameKey, type ScheduleInterval } from '@ics/platform-contract';
import { newId } from '../ids.ts';
import type { Queryable } from './database.ts';

/** A schedule as stored: its times as dates, its next run left to the caller's clock. */
export interface StoredSchedule {
  id: string;
  name: string;
  description: string;
  startTime: Date;
  interval: ScheduleInterval;
  frequency: number;
  endTime: Date | null;
  createdBy: string;
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
const toStored = (r: Row): StoredSchedule => ({
  id: r.id,
  name: r.name,
  description: r.description,
  startTime: new Date(r.start_time),
  interval: r.interval,
  frequency: r.frequency,
  endTime: r.end_time ? new Date(r.end_time) : null,
  createdBy: r.created_by,
});

/** Adds a schedule; `undefined` when the organisation has one of that name (case-insensitively). */
export async function insertSchedule(
  db: Queryable,
  input: Omit<StoredSchedule, 'id'> & { orgId: string },
): Promise<StoredSchedule | undefined> {
  const [row] = await db.query<Row>(
    `insert into schedules (id, org_id, name, name_key, description, start_time, interval, frequency, end_time, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (org_id, name_key) do nothing returning *`,
    [
      newId(),
      input.orgId,
      input.name,
      nameKey(input.name),
      input.description,
      input.startTime.toISOString(),
      input.interval,
      input.frequency,
      input.endTime?.toISOString() ?? null,
      input.createdBy,
    ],
  );
  return row && toStored(row);
}

/** An organisation's schedules by name. */
export async function listSchedules(db: Queryable, orgId: string): Promise<StoredSchedule[]> {
  return (
    await db.query<Row>('select * from schedules where org_id = $1 order by name_key', [orgId])
  ).map(toStored);
}
