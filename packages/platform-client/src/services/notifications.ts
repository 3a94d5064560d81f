import {
  type BellSearchBody,
  type BellSearchResult,
  type NotificationAction,
  type NotificationCategory,
  type NotificationMessage,
  type NotificationPreferences,
  type ReceivedMessagesQuery,
  notificationsEndpoints,
} from '@ics/platform-contract';
import { PlatformError } from '../errors.ts';
import type { Binder, CallOptions } from '../http/bind.ts';
import type { TransportRequest } from '../http/transport.ts';

/** A message's action address is not an http(s) address on a platform origin; nothing was sent. */
export class UnsafeActionAddressError extends PlatformError {
  /** Always `'UnsafeActionAddressError'`. */
  override name = 'UnsafeActionAddressError' as const;
  /** The address that was refused, as the message gave it. */
  readonly address: string;
  /**
   * The error for a refused `address`; `why` completes the message ('not http(s)', 'another
   * origin', …).
   */
  constructor(address: string, why: string) {
    super(`The notification action address '${address}' was refused: ${why}`);
    this.address = address;
  }
}

/** Default order of received messages (PC-9.7). */
export const DEFAULT_MESSAGE_ORDER = 'messageCreateTime desc';

/** In-app notifications: the bell, categories, preferences, received messages and their actions. */
export interface NotificationsService {
  /** The bell's messages, newest first, with total and unread counts. */
  searchBell(search?: BellSearchBody, options?: CallOptions): Promise<BellSearchResult>;
  /** Categories labelled in `locale` (English when there is no translation). */
  getCategories(locale?: string, options?: CallOptions): Promise<readonly NotificationCategory[]>;
  /**
   * The signed-in user's notification preferences: muted categories, e-mail and banners on or off.
   */
  getPreferences(options?: CallOptions): Promise<NotificationPreferences>;
  /**
   * Replaces the signed-in user's notification preferences (at most 20 muted categories) and
   * answers them as stored.
   */
  updatePreferences(
    preferences: NotificationPreferences,
    options?: CallOptions,
  ): Promise<NotificationPreferences>;
  /**
   * A user's messages. `$orderby` defaults to `messageCreateTime desc` (PC-9.7); `$filter` takes
   * `status eq 'NEW'`, `type eq '…'`, `priority eq 'HIGH'` joined by `and`.
   */
  getReceivedMessages(
    userId: string,
    query?: ReceivedMessagesQuery,
    options?: CallOptions,
  ): Promise<{ value: readonly NotificationMessage[]; '@odata.count'?: number }>;
  /** NEW → READ for one message (PC-4.1). */
  markAsRead(id: string, options?: CallOptions): Promise<NotificationMessage>;
  /** NEW → READ for every message of the user (PC-4.1); answers how many changed. */
  markAllAsRead(options?: CallOptions): Promise<number>;
  /** NEW → READ for the given messages, all or none (PC-4.1). */
  markBulkAsRead(ids: readonly string[], options?: CallOptions): Promise<number>;
  /** NEW → READ for one notification for every recipient; administrators only (PC-4.1). */
  markAsReadForAllUsers(notificationId: string, options?: CallOptions): Promise<number>;
  /**
   * Sets the status of one action of one message (e.g. `DISMISSED`), without performing it; answers
   * the message as it is now.
   */
  updateActionStatus(
    input: { messageId: string; actionId: string; status: string },
    options?: CallOptions,
  ): Promise<NotificationMessage>;
  /**
   * Performs an ACTION or INPUT action through the notification service itself (the address the
   * emulator gives its messages' actions); `performAction` follows the message's own address.
   */
  respondToAction(
    messageId: string,
    actionId: string,
    input?: string,
    options?: CallOptions,
  ): Promise<NotificationMessage>;
  /**
   * Performs a message's `ACTION` (POST) or `INPUT` action (POST with `{ input }`) at the address
   * the message gives, which must be the action address the platform declares for that message
   * and action (`ReceivedMessages({id})/Actions({actionId})` of the notification service) on the
   * page's origin or a configured platform origin. Any other address — another same-origin path,
   * another message's action, a query — throws `UnsafeActionAddressError` without a request.
   */
  performAction(
    message: NotificationMessage,
    actionId: string,
    input?: string,
    options?: CallOptions,
  ): Promise<unknown>;
  /** Downloads the file of a message's `DOWNLOAD` action, under the same address rule. */
  download(message: NotificationMessage, actionId: string, options?: CallOptions): Promise<Blob>;
}

export interface NotificationActionSupport {
  /** Sends a call to an absolute or page-relative address through the transport. */
  readonly request: (request: TransportRequest) => Promise<unknown>;
  /** The page's address, to resolve relative action addresses. */
  readonly pageHref: () => string;
  /** Origins whose addresses may be followed: the page's and the configured platform origins. */
  readonly allowedOrigins: () => readonly string[];
}

export function notificationsService(
  binder: Binder,
  support: NotificationActionSupport,
): NotificationsService {
  const n = notificationsEndpoints;
  const b = {
    bell: binder.bind(n.searchBellNotifications),
    categories: binder.bind(n.getCategories),
    getPrefs: binder.bind(n.getPreferences),
    putPrefs: binder.bind(n.updatePreferences),
    received: binder.bind(n.getReceivedMessages),
    mark: binder.bind(n.markMessage),
    all: binder.bind(n.markAllAsRead),
    allUsers: binder.bind(n.markAsReadForAllUsers),
    bulk: binder.bind(n.markBulkAsRead),
    status: binder.bind(n.updateActionStatus),
    respond: binder.bind(n.respondToAction),
  };

  const actionOf = (message: NotificationMessage, actionId: string, kinds: string[]) => {
    const action: NotificationAction | undefined = message.actions.find((a) => a.id === actionId);
    if (!action || !kinds.includes(action.kind)) {
      throw new UnsafeActionAddressError(
        String(action?.url ?? ''),
        `message ${message.id} has no ${kinds.join(' or ')} action '${actionId}'.`,
      );
    }
    let url: URL;
    try {
      url = new URL(action.url, support.pageHref());
    } catch {
      throw new UnsafeActionAddressError(action.url, 'it is not a valid address.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UnsafeActionAddressError(
        action.url,
        `only http(s) addresses are followed, not ${url.protocol}`,
      );
    }
    if (url.username !== '' || url.password !== '') {
      throw new UnsafeActionAddressError(
        action.url,
        'addresses with credentials are not followed.',
      );
    }
    if (!support.allowedOrigins().includes(url.origin)) {
      throw new UnsafeActionAddressError(
        action.url,
        `${url.origin} is not a platform origin (add it to platformOrigins to allow it).`,
      );
    }
    return { action, url: url.href };
  };

  return {
    searchBell: (body = {}, o = {}) => b.bell({ body, ...o }),
    getCategories: async (locale, o = {}) =>
      (await b.categories({ query: locale ? { locale } : {}, ...o })).value,
    getPreferences: (o = {}) => b.getPrefs(o),
    updatePreferences: (body, o = {}) => b.putPrefs({ body, ...o }),
    getReceivedMessages: (userId, query = {}, o = {}) =>
      b.received({
        params: { userId },
        query: { ...query, $orderby: query.$orderby ?? DEFAULT_MESSAGE_ORDER },
        ...o,
      }),
    markAsRead: (id, o = {}) => b.mark({ params: { id }, body: { status: 'READ' }, ...o }),
    markAllAsRead: async (o = {}) => (await b.all(o)).updated,
    markBulkAsRead: async (ids, o = {}) => (await b.bulk({ body: { ids }, ...o })).updated,
    markAsReadForAllUsers: async (notificationId, o = {}) =>
      (await b.allUsers({ body: { notificationId }, ...o })).updated,
    updateActionStatus: (body, o = {}) => b.status({ body, ...o }),
    respondToAction: (id, actionId, input, o = {}) =>
      b.respond({ params: { id, actionId }, body: input === undefined ? {} : { input }, ...o }),
    performAction: async (message, actionId, input, o = {}) => {
      const { action, url } = actionOf(message, actionId, ['ACTION', 'INPUT']);
      const declared = new URL(
        await binder.addressOf(n.respondToAction, { id: message.id, actionId }, o.signal),
        support.pageHref(),
      );
      const given = new URL(url);
      const sameOrigin = declared.origin === new URL(support.pageHref()).origin;
      if (
        given.pathname !== declared.pathname ||
        given.search !== '' ||
        (!sameOrigin && given.origin !== declared.origin)
      ) {
        throw new UnsafeActionAddressError(
          action.url,
          `it is not the action address the platform declares for message ${message.id} (${declared.pathname}).`,
        );
      }
      const body = action.kind === 'INPUT' ? { input: input ?? '' } : {};
      return support.request({ method: 'POST', url, body, signal: o.signal });
    },
    download: async (message, actionId, o = {}) => {
      const { url } = actionOf(message, actionId, ['DOWNLOAD']);
      return (await support.request({
        method: 'GET',
        url,
        responseType: 'blob',
        signal: o.signal,
      })) as Blob;
    },
  };
}
