import { type NotificationSettings, notificationSettingsEndpoints } from '@ics/platform-contract';
import type { AccessTokenProvider, Binder, CallOptions } from '../http/bind.ts';

/**
 * The separate notification-settings service (PC-7.19). Its endpoints' credential is `bearer`
 * (the contract's): every call asks `getAccessToken` (the client option of that name) for the
 * current token and sends it as `Authorization: Bearer <jwt>`. A refused token is rejected as
 * an `HttpError` 401 (code `INVALID_TOKEN`) instead of sending the browser to the login page:
 * it is for the token manager to renew, not a sign that the session ended.
 */
export interface NotificationSettingsService {
  /**
   * The notification settings, with the bearer token from `getAccessToken`; `ConfigurationError`
   * without a token provider, `HttpError` 401 for a refused token.
   */
  get(options?: CallOptions): Promise<NotificationSettings>;
  /**
   * Replaces the notification settings and answers them as stored; same token and errors as `get`.
   */
  update(settings: NotificationSettings, options?: CallOptions): Promise<NotificationSettings>;
}

export function notificationSettingsService(
  binder: Binder,
  accessToken: AccessTokenProvider | undefined,
): NotificationSettingsService {
  const get = binder.bind(notificationSettingsEndpoints.getSettings, { accessToken });
  const update = binder.bind(notificationSettingsEndpoints.updateSettings, { accessToken });
  return {
    get: (o = {}) => get(o),
    update: (body, o = {}) => update({ body, ...o }),
  };
}
