import type { NotificationSettings } from '@ics/platform-contract';
import type { Queryable } from './database.ts';

/** A user's notification settings, or `undefined` when they never saved any. */
export async function findNotificationSettings(
  db: Queryable,
  userId: string,
): Promise<NotificationSettings | undefined> {
  const [row] = await db.query<{ settings: NotificationSettings }>(
    'select settings from notification_settings where user_id = $1',
    [userId],
  );
  return row?.settings;
}

/** Saves a user's notification settings, replacing what they saved before. */
export async function saveNotificationSettings(
  db: Queryable,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  await db.query(
    `insert into notification_settings (user_id, settings) values ($1, $2)
     on conflict (user_id) do update set settings = excluded.settings`,
    [userId, JSON.stringify(settings)],
  );
}
