import type { EndpointSchemas } from '../endpointSchemas.ts';
import { NotificationSettings } from '../notifications.ts';

/** Inputs and answers of the notificationSettings endpoints. */
export const notificationSettings = {
  getSettings: { response: NotificationSettings },
  updateSettings: { body: NotificationSettings, response: NotificationSettings },
} satisfies Record<string, EndpointSchemas>;
