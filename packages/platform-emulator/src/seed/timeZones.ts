import type { TimeZoneInfo } from '@ics/platform-contract';

/** The time zones the emulator's identity service offers (reference data, not per tenant). */
export const timeZones: readonly TimeZoneInfo[] = [
  { id: 'UTC', displayName: '(UTC) Coordinated Universal Time', offsetMinutes: 0 },
  { id: 'America/Los_Angeles', displayName: '(UTC-08:00) Pacific Time', offsetMinutes: -480 },
  { id: 'America/Denver', displayName: '(UTC-07:00) Mountain Time', offsetMinutes: -420 },
  { id: 'America/Chicago', displayName: '(UTC-06:00) Central Time', offsetMinutes: -360 },
  { id: 'America/New_York', displayName: '(UTC-05:00) Eastern Time', offsetMinutes: -300 },
  { id: 'America/Sao_Paulo', displayName: '(UTC-03:00) Brasilia', offsetMinutes: -180 },
  { id: 'Europe/London', displayName: '(UTC+00:00) London', offsetMinutes: 0 },
  { id: 'Europe/Berlin', displayName: '(UTC+01:00) Berlin', offsetMinutes: 60 },
  { id: 'Europe/Madrid', displayName: '(UTC+01:00) Madrid', offsetMinutes: 60 },
  { id: 'Asia/Kolkata', displayName: '(UTC+05:30) India', offsetMinutes: 330 },
  { id: 'Asia/Tokyo', displayName: '(UTC+09:00) Tokyo', offsetMinutes: 540 },
  { id: 'Australia/Sydney', displayName: '(UTC+10:00) Sydney', offsetMinutes: 600 },
];

export const isTimeZone = (id: string) => timeZones.some((z) => z.id === id);
