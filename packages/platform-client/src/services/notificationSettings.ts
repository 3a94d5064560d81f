import { type NotificationSettings, notificationSettingsEndpoints } from '@ics/platform-contract';
import { ConfigurationError } from '../errors.ts';
import type { Binder, CallOptions } from '../http/bind.ts';

/** Supplies the platform JWT (from the token manager) for bearer-token services. */
export type AccessTokenProvider = () => Promise<string>;

/**
 * The separate notification-settings service (PC-7.19). It authenticates with a bearer JWT,
 * not the session cookie: every call asks `getAccessToken` (the client option of that name)
 * for the current token and sends it as `Authorization: Bearer <jwt>`. A refused token is
 * rejected as an `HttpError` 401 (code `INVALID_TOKEN`) instead of sending the browser to the
 * login page: it is for the token manager to renew, not a sign that the session ended.
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
  getAccessToken: AccessTokenProvider | undefined,
): NotificationSettingsService {
  const get = binder.bind(notificationSettingsEndpoints.getSettings);
  const update = binder.bind(notificationSettingsEndpoints.updateSettings);
  const authorization = async () => {
    if (!getAccessToken) {
      throw new ConfigurationError(
        'The notification-settings service needs a bearer token: pass `getAccessToken` to createPlatformClient.',
      );
    }
    const token = await getAccessToken();
    if (typeof token !== 'string' || token === '') {
      throw new ConfigurationError('getAccessToken resolved without a token.');
    }
    return { headers: { Authorization: `Bearer ${token}` }, exemptFromAuthRedirect: true };
  };
  return {
    get: async (o = {}) => get({ ...(await authorization()), ...o }),
    update: async (body, o = {}) => update({ body, ...(await authorization()), ...o }),
  };
}
