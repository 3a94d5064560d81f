/**
 * The time zones the platform offers: what `GET TimeZone` answers and the only values a
 * user's `timeZone` may take (decision 1160), so the document states the rule as an enum.
 */
export const TIME_ZONES = [
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
] as const;

/** The id of one of the platform's time zones (`TIME_ZONES`), e.g. `Europe/Berlin`. */
export type TimeZoneId = (typeof TIME_ZONES)[number]['id'];

/**
 * The categories of notification messages (`GET Categories`): what a user may mute in the
 * notification preferences (decision 1160).
 */
export const NOTIFICATION_CATEGORIES = ['jobs', 'system', 'security'] as const;

/** One of the notification categories (`NOTIFICATION_CATEGORIES`). */
export type NotificationCategoryId = (typeof NOTIFICATION_CATEGORIES)[number];
