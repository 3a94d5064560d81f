import { contract, type NotificationSettings } from '@ics/platform-contract';
import type { FastifyRequest } from 'fastify';
import { findNotificationSettings, saveNotificationSettings } from '../db/notificationSettings.ts';
import { verifyBearerSession } from '../auth/bearerSession.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

const defaults: NotificationSettings = { email: true, inApp: true, digest: 'NONE' };

/** The notification-settings service authenticates by bearer JWT only (PC-7.19), not the session. */
export function notificationSettingsRoutes(
  router: ContractRouter,
  { db, jwtSecret, clock }: RouteDeps,
): void {
  const s = contract.notificationsettings;
  // The token is verified before the input is read: no token, 401 whatever was sent.
  const options = {
    bearer: (request: FastifyRequest) => verifyBearerSession(db, request, jwtSecret, clock),
  };
  router.add(
    s.getSettings,
    async ({ bearer }) => (await findNotificationSettings(db, bearer.user_id)) ?? defaults,
    options,
  );
  router.add(
    s.updateSettings,
    async ({ bearer, body }) => {
      await saveNotificationSettings(db, bearer.user_id, body);
      return body;
    },
    options,
  );
}
