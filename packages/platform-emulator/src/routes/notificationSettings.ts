import { contract, type NotificationSettings } from '@ics/platform-contract';
import type { EmulatorClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { findNotificationSettings, saveNotificationSettings } from '../db/notificationSettings.ts';
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
    return (await findNotificationSettings(db, claims.user_id)) ?? defaults;
  });
  router.add(s.updateSettings, {}, async ({ request, body }) => {
    const claims = await verifyBearerSession(db, request, jwtSecret, clock);
    await saveNotificationSettings(db, claims.user_id, body);
    return body;
  });
}
