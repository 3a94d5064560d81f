import { contract, type NotificationSettings } from '@ics/platform-contract';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { verifyBearerSession } from '../auth/bearerSession.ts';
import type { ContractRouter } from './router.ts';

const defaults: NotificationSettings = { email: true, inApp: true, digest: 'NONE' };

/** The notification-settings service authenticates by bearer JWT only (PC-7.19), not the session. */
export function notificationSettingsRoutes(
  router: ContractRouter,
  db: Database,
  jwtSecret: string,
  clock: EmulatorClock,
): void {
  const s = contract.notificationsettings;
  router.add(s.getSettings, {}, async ({ request }) => {
    const claims = await verifyBearerSession(db, request, jwtSecret, clock);
    const [row] = await db.query<{ settings: NotificationSettings }>(
      'select settings from notification_settings where user_id = $1',
      [claims.user_id],
    );
    return row?.settings ?? defaults;
  });
  router.add(s.updateSettings, {}, async ({ request, body }) => {
    const claims = await verifyBearerSession(db, request, jwtSecret, clock);
    await db.query(
      `insert into notification_settings (user_id, settings) values ($1, $2)
       on conflict (user_id) do update set settings = excluded.settings`,
      [claims.user_id, JSON.stringify(body)],
    );
    return body;
  });
}
