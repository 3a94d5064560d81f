import { endpoint } from '../endpoint.ts';
import type { notificationSettings as S } from '../schemas/endpoints/notificationSettings.ts';

/** The separate notification-settings service; called with a bearer JWT, not the session (PC-7.19). */
export const notificationSettingsEndpoints = {
  getSettings: endpoint<typeof S.getSettings>()({
    backend: 'notificationSettings',
    method: 'GET',
    path: '/settings',
    credential: 'bearer',
  }),
  updateSettings: endpoint<typeof S.updateSettings>()({
    backend: 'notificationSettings',
    method: 'PUT',
    path: '/settings',
    credential: 'bearer',
  }),
};
