import { endpoint, type None } from '../endpoint.ts';
import type { NotificationSettings } from '../entities/notifications.ts';

/** The separate notification-settings service; called with a bearer JWT, not the session (PC-7.19). */
export const notificationSettingsEndpoints = {
  getSettings: endpoint<None, None, None, NotificationSettings>()({
    backend: 'notificationSettings',
    method: 'GET',
    path: '/settings',
  }),
  updateSettings: endpoint<None, None, NotificationSettings, NotificationSettings>()({
    backend: 'notificationSettings',
    method: 'PUT',
    path: '/settings',
  }),
};
